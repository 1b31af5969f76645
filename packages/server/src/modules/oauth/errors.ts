import { AppError } from '../../platform/errors.ts';

/** RFC 6749 error codes used by the token and authorize endpoints. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'login_required'
  | 'server_error';

/**
 * An OAuth failure: the wire envelope with `code` = the OAuth code in SCREAMING_SNAKE and `data.error` = the
 * RFC spelling; the token route also puts `error`/`error_description` at the top level for plain OAuth clients.
 */
export class OAuthError extends AppError {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
    status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(status, error.toUpperCase(), description, { error });
    this.name = 'OAuthError';
  }
}

export const oauthError = (error: OAuthErrorCode, description: string) => new OAuthError(error, description);
