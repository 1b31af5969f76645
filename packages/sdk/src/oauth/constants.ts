/** How long the direct-login hidden frame may take to post its code (SPEC §9). */
export const DIRECT_LOGIN_TIMEOUT_MS = 120_000;

/** A redirect-session pre-warm is redone after this long: 7 days (SPEC §9). */
export const PREWARM_INTERVAL_MS = 604_800_000;

/** localStorage key of the last pre-warm time (ms since the epoch). */
export const PREWARM_STORAGE_KEY = 'aisle.prewarm.lastRun';

/** Token endpoint of the OAuth strategy (wire/oauth-and-identity.md §1). */
export const TOKEN_PATH = '/oauth2/token';

/** `INVALID_EMAIL` → `invalidEmail`. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<Camel<Tail>>}`
  : Lowercase<S>;
const camel = <S extends string>(key: S) =>
  key.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as Camel<S>;

/** An object whose every key is its own value: `named('A', 'B')` is `{ A: 'A', B: 'B' }`. */
const named = <const K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, k])) as { readonly [P in K]: P };
/** An object whose every key's value is the key in lower case: `lowerNamed('NONE')` is `{ NONE: 'none' }`. */
const lowerNamed = <const K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, k.toLowerCase()])) as { readonly [P in K]: Lowercase<P> };
/** An object whose every key's value is the key in camel case: `camelNamed('BAD_CODE')` is `{ BAD_CODE: 'badCode' }`. */
const camelNamed = <const K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, camel(k)])) as { readonly [P in K]: Camel<P> };

/** Client login states (SPEC §4). */
export const LoginState = named(
  'INITIAL',
  'SUCCESS',
  'FAILURE',
  'EMAIL_VERIFICATION_REQUIRED',
  'OWNER_APPROVAL_REQUIRED',
  'USER_CAPTCHA_REQUIRED',
  'SILENT_CAPTCHA_REQUIRED',
);
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

/** Role of the stored refresh token (SPEC §4): set by the grant that produced it, never reported by the server. */
export const TokenRole = lowerNamed('NONE', 'VISITOR', 'MEMBER');
export type TokenRole = (typeof TokenRole)[keyof typeof TokenRole];

/** `errorCode` of a FAILURE login result (wire/oauth-and-identity.md §4). */
export const LoginErrorCode = camelNamed(
  'INVALID_EMAIL',
  'INVALID_PASSWORD',
  'RESET_PASSWORD',
  'MISSING_CAPTCHA_TOKEN',
  'INVALID_CAPTCHA_TOKEN',
  'EMAIL_ALREADY_EXISTS',
);
export type LoginErrorCode = (typeof LoginErrorCode)[keyof typeof LoginErrorCode];

/** Application error codes of the identity calls that the strategy interprets (as strings). */
export const IDENTITY_ERROR_CODES = {
  MISSING_CAPTCHA: '-19971',
  INVALID_CAPTCHA: '-19970',
  EMAIL_ALREADY_EXISTS: '-19995',
  INVALID_PASSWORD: '-19976',
  RESET_PASSWORD: '-19973',
} as const;
