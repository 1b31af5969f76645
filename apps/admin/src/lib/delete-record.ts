import { redirect } from 'react-router';
import { adminError, type ShownError } from './errors.ts';

/**
 * An edit page's `delete` (posted by `DeleteAction`, with the record's `name`): deletes the record and goes back
 * to its list, which says “… was deleted.” (`?deleted=<name>`); a refused delete stays on the page, said.
 */
export async function deleteThenList(
  list: string,
  form: FormData,
  remove: () => Promise<unknown>,
): Promise<Response | { error: ShownError; saved: false }> {
  try {
    await remove();
  } catch (error) {
    return { error: adminError(error), saved: false };
  }
  return redirect(`${list}?deleted=${encodeURIComponent(String(form.get('name') ?? ''))}`);
}
