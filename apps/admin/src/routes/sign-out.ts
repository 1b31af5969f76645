import { redirect } from 'react-router';
import { signOut } from '../sdk.ts';

/** Forgets the credential of this tab (and ends a staff session on the server). */
export async function signOutAction() {
  await signOut();
  return redirect('/sign-in');
}
