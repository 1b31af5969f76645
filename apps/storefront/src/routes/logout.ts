import { signOut } from '../resources/session.ts';

/** `POST /logout` (the header's Sign out): clears the tokens, then the server's logout page. */
export function logoutAction() {
  return signOut();
}
