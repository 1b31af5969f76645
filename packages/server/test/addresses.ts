// Addresses of the demo store's shipping regions, for the API tests and the benchmarks (no test runner here).

/** A New York address: Standard ($5.99, free from $100) and Express shipping, 8.5 % tax. */
export const NEW_YORK = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

/** A San Francisco address (California tax). */
export const SAN_FRANCISCO = {
  country: 'US',
  subdivision: 'US-CA',
  city: 'San Francisco',
  postalCode: '94103',
  addressLine: '1 Main St',
};
