/** Page size the query builders use when the caller sets none (SPEC §9). */
export const DEFAULT_PAGE_SIZE = 50;

/** Longest encoded GET* query string; a longer one goes out as the POST fallback (wire §2). */
export const GET_QUERY_LIMIT = 4000;

/** Read-your-writes token: echoed from the last response that carried it. */
export const CONSISTENT_HEADER = 'X-Aisle-Consistent';

/** Server-assigned id of a request, kept on errors. */
export const REQUEST_ID_HEADER = 'X-Aisle-Request-Id';
