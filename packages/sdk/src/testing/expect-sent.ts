// Test-only helpers (excluded from the build): expectations on the calls a recording fetch saw.
import { expect } from 'vitest';
import { bodyOf, type RecordedCall } from './fake-fetch.ts';

/** Expects `call` to be `method` on `url` with the JSON `body`. */
export function expectSent(call: RecordedCall | undefined, method: string, url: string, body: unknown): void {
  expect(call).toMatchObject({ method, url });
  expect(bodyOf(call)).toEqual(body);
}
