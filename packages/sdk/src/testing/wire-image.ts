// Test-only: a store image as the wire carries it on a line item.

/** The image `filename` of media `id`, served by shop.example; a focal point's numbers may be 'NaN' or 'Infinity'. */
export const wireImage = (
  id: string,
  filename: string,
  width: number,
  height: number,
  focalPoint: { x: number | string; y: number | string },
) => ({
  id,
  url: `https://shop.example/media/${id}/${filename}`,
  width,
  height,
  filename,
  urlExpirationDate: '2030-01-01T00:00:00Z',
  focalPoint,
});
