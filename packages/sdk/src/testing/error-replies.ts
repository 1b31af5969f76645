// Test-only helpers (excluded from the build): the server's error answers, for a recording fetch to give.
import { json } from './fake-fetch.ts';

/** The server's refusal with an application error: its code, description and data, at `status`. */
export function applicationErrorReply(
  status: number,
  message: string,
  applicationError: { code: string; description: string; data?: unknown },
  headers?: Record<string, string>,
): Response {
  return json({ message, details: { applicationError } }, { status, headers });
}

/** The server's 400 naming the fields it refused. */
export function validationErrorReply(message: string, fieldViolations: unknown[]): Response {
  return json({ message, details: { validationError: { fieldViolations } } }, { status: 400 });
}
