import { AsyncLocalStorage } from 'node:async_hooks';

/** Who made a change: a staff member or an API key (stored with the outbox event, shown in the audit log). */
export interface Actor {
  kind: 'staff' | 'key';
  id: string;
  /** E-mail of the staff member, or the key's name, as it was at the time. */
  label: string;
}

const scope = new AsyncLocalStorage<Actor>();

/** Run `fn` with `actor` as the author of every event it records. */
export function asActor<T>(actor: Actor | undefined, fn: () => T): T {
  return actor ? scope.run(actor, fn) : fn();
}

/** The author of the request being handled, if it is a staff member or an API key. */
export function currentActor(): Actor | undefined {
  return scope.getStore();
}
