import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

/**
 * sharp (libvips, a native module of tens of megabytes), loaded with the first image it decodes or renders:
 * a server that serves no new image never loads it.
 */
export function loadSharp(): Promise<typeof sharpType> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
