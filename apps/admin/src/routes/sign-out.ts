import { redirect } from 'react-router';
import { signOut } from '../sdk.ts';

/** Forgets the key of this tab. */
export function signOutAction() {
  signOut();
  return redirect('/sign-in');
}
