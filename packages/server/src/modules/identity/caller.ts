import type { Caller } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

/** The member behind a member token; anything else (visitor, admin key) is refused. */
export function callerMemberId(caller: Caller): string {
  if (caller.kind !== 'member') throw forbidden('Only a signed-in member can call this');
  return caller.memberId;
}

/** An admin, or the member whose id it is: a member reading or changing another member is refused (403). */
export function selfOrAdmin(caller: Caller, id: string): void {
  if (caller.kind === 'admin') return;
  if (callerMemberId(caller) !== id) throw forbidden('A member can only read or change its own data');
}
