import { useCartUi } from '../resources/cart.ts';

/**
 * Cart changes for screen-reader users (added, removed, address estimated). A modal drawer makes the page
 * behind it inert, so the words go to a region inside the drawer while it is open and to one after the page
 * otherwise. Not a `status` role: pages keep that for their own messages.
 */
export function Announcer({ active }: { active: boolean }) {
  const { announcement } = useCartUi();
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {/* A trailing space on every other message makes a repeat of the same words a change, so it is heard. */}
      {active && announcement ? `${announcement.text}${announcement.at % 2 ? '\u00a0' : ''}` : null}
    </div>
  );
}
