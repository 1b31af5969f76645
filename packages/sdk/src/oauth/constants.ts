/** How long the direct-login hidden frame may take to post its code (SPEC §9). */
export const DIRECT_LOGIN_TIMEOUT_MS = 120_000;

/** A redirect-session pre-warm is redone after this long: 7 days (SPEC §9). */
export const PREWARM_INTERVAL_MS = 604_800_000;

/** localStorage key of the last pre-warm time (ms since the epoch). */
export const PREWARM_STORAGE_KEY = 'aisle.prewarm.lastRun';

/** Token endpoint of the OAuth strategy (wire/oauth-and-identity.md §1). */
export const TOKEN_PATH = '/oauth2/token';

/** An object whose every key is its own value: `named('A', 'B')` is `{ A: 'A', B: 'B' }`. */
const named = <const K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, k])) as { readonly [P in K]: P };

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
export const TokenRole = {
  NONE: 'none',
  VISITOR: 'visitor',
  MEMBER: 'member',
} as const;
export type TokenRole = (typeof TokenRole)[keyof typeof TokenRole];

/** `errorCode` of a FAILURE login result (wire/oauth-and-identity.md §4). */
export const LoginErrorCode = {
  INVALID_EMAIL: 'invalidEmail',
  INVALID_PASSWORD: 'invalidPassword',
  RESET_PASSWORD: 'resetPassword',
  MISSING_CAPTCHA_TOKEN: 'missingCaptchaToken',
  INVALID_CAPTCHA_TOKEN: 'invalidCaptchaToken',
  EMAIL_ALREADY_EXISTS: 'emailAlreadyExists',
} as const;
export type LoginErrorCode = (typeof LoginErrorCode)[keyof typeof LoginErrorCode];

/** Application error codes of the identity calls that the strategy interprets (as strings). */
export const IDENTITY_ERROR_CODES = {
  MISSING_CAPTCHA: '-19971',
  INVALID_CAPTCHA: '-19970',
  EMAIL_ALREADY_EXISTS: '-19995',
  INVALID_PASSWORD: '-19976',
  RESET_PASSWORD: '-19973',
} as const;
