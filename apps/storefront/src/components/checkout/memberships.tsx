import type { Checkout, Membership, MembershipOptions, SelectedMemberships } from '@aisle/sdk';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ShownError } from '../../lib/errors.ts';
import { ErrorNotice } from '../form.tsx';
import { type CheckoutWrite, writeFields } from './api.ts';
import './checkout.css';
import { checkoutErrorMessage, itemName, shortDate } from './view.ts';

// Memberships (docs/SUBSCRIPTIONS.md "Memberships"): a member's membership plan pays for the lines it covers.
// The server offers them (`membershipOptions`) with every cart estimate and checkout of a signed-in member;
// visitors and members without one get empty lists, and these parts show nothing.

type SelectedMembership = NonNullable<SelectedMemberships['memberships']>[number];

/** The plan's name ("Gold Club"), as the server names the membership. */
export const membershipName = (membership: Membership | undefined): string =>
  membership?.name?.translated || membership?.name?.original || 'membership';

/** Why a membership cannot pay (`invalidMemberships[].reason`), in the shopper's words. */
const REASONS: Record<string, string> = {
  PAUSED: 'it is paused. Resume it in your account to use it again.',
  SUSPENDED: 'it is on hold because its last payments did not go through.',
  CANCELED: 'it has been cancelled.',
  EXPIRED: 'it has ended.',
};

export const invalidReasonText = (reason: string | undefined): string =>
  REASONS[reason ?? ''] ?? 'it cannot pay for this order.';

/** “A”, “A and B”, “A, B and C”. */
function listOf(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The names of the lines a membership covers (lines no longer there are left out). */
const coveredNames = (membership: Membership | undefined, nameOf: (lineId: string) => string | undefined) =>
  (membership?.lineItemIds ?? []).flatMap((id) => nameOf(id) ?? []);

/**
 * The member's memberships that cannot pay now, each with why (and where to manage it): shown in the cart's
 * estimate and at checkout, so a paused or cancelled membership is not silently ignored.
 */
export function UnusableMemberships({
  options,
  nameOf,
}: {
  options: MembershipOptions | undefined;
  nameOf: (lineId: string) => string | undefined;
}) {
  const invalid = options?.invalidMemberships ?? [];
  if (invalid.length === 0) return null;
  return (
    <ul className="membership-notes">
      {invalid.map(({ membership, reason }) => {
        const names = coveredNames(membership, nameOf);
        return (
          <li key={membership?.id ?? reason} data-testid="membership-unusable">
            <p className="line-note line-note-warning">
              Your {membershipName(membership)} membership cannot be used
              {names.length ? ` for ${listOf(names)}` : ''}: {invalidReasonText(reason)}
            </p>
            {reason !== 'EXPIRED' && reason !== 'CANCELED' && (
              <p className="small">
                <Link to="/account/subscriptions">Manage your subscriptions</Link>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The cart's word on memberships: which lines a membership would pay for (chosen at checkout), or why not. */
export function CartMemberships({
  options,
  nameOf,
}: {
  options: MembershipOptions | undefined;
  nameOf: (lineId: string) => string | undefined;
}) {
  const ids = useId();
  const eligible = options?.eligibleMemberships ?? [];
  if (eligible.length === 0 && (options?.invalidMemberships ?? []).length === 0) return null;
  return (
    <section className="summary-section" aria-labelledby={`${ids}-title`} data-testid="cart-memberships">
      <h2 id={`${ids}-title`}>Membership</h2>
      {eligible.map((membership) => (
        <p key={membership.id} data-testid="membership-offer">
          Your {membershipName(membership)} membership covers{' '}
          {listOf(coveredNames(membership, nameOf)) || 'some of these items'}. You can use it at checkout.
        </p>
      ))}
      <UnusableMemberships options={options} nameOf={nameOf} />
    </section>
  );
}

/** The selection with `lineId` paid by `membershipId` ('' = paid as usual), from the accepted one. */
export function withChoice(
  selected: readonly SelectedMembership[],
  eligible: readonly Membership[],
  lineId: string,
  membershipId: string,
): SelectedMembership[] {
  const next: SelectedMembership[] = [];
  for (const membership of eligible) {
    if (!membership.id || !membership.appId) continue;
    const before =
      selected.find((s) => s.id === membership.id && s.appId === membership.appId)?.lineItemIds ?? [];
    const lineItemIds = before.filter((id) => id !== lineId);
    if (membership.id === membershipId) lineItemIds.push(lineId);
    if (lineItemIds.length) next.push({ id: membership.id, appId: membership.appId, lineItemIds });
  }
  return next;
}

/**
 * At checkout: for each line a membership of the member covers, “Use my … membership” or “Pay as usual”. The
 * choice is written to the checkout (`membershipOptions.selectedMemberships`), whose answer prices the chosen
 * lines at 0 and lowers the totals; the order is then placed with those lines paid by the membership.
 * Memberships that cannot pay are listed with their reason.
 */
export function CheckoutMemberships({ checkout, write }: { checkout: Checkout; write: CheckoutWrite }) {
  const ids = useId();
  const options = checkout.membershipOptions;
  const eligible = options?.eligibleMemberships ?? [];
  const accepted = options?.selectedMemberships?.memberships ?? [];
  const stale = checkout.calculationErrors?.membershipError;
  // Choices made but not answered yet (line → membership id, '' = pay as usual); writes go one after another.
  const [shown, setShown] = useState<Record<string, string>>({});
  const [said, setSaid] = useState('');
  const [error, setError] = useState<ShownError | undefined>();
  const queue = useRef(Promise.resolve());
  const selection = useRef<SelectedMembership[] | undefined>(undefined);
  const inFlight = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);

  if (eligible.length === 0 && (options?.invalidMemberships ?? []).length === 0 && !stale) return null;

  const lineName = (lineId: string) => {
    const line = checkout.lineItems.find((l) => l.id === lineId);
    return line ? itemName(line) : undefined;
  };
  const covered = checkout.lineItems.filter((line) => eligible.some((m) => m.lineItemIds?.includes(line.id)));
  const chosenFor = (lineId: string) =>
    shown[lineId] ?? accepted.find((s) => s.lineItemIds?.includes(lineId))?.id ?? '';

  /** Writes the selection; `done` says, from the answer, what became of it (announced). */
  const send = (memberships: SelectedMembership[], done: (answer: Checkout) => string) => {
    selection.current = memberships;
    inFlight.current += 1;
    queue.current = queue.current.then(async () => {
      try {
        const answer = await writeFields(
          write,
          checkout.id,
          { membershipOptions: { selectedMemberships: { memberships } } },
          ['membershipOptions'],
        );
        setSaid(done(answer));
      } catch (err) {
        setError(checkoutErrorMessage(err));
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) {
          selection.current = undefined;
          setShown({});
        }
      }
    });
  };

  const choose = (lineId: string, membershipId: string) => {
    setError(undefined);
    setShown((s) => ({ ...s, [lineId]: membershipId }));
    const membership = eligible.find((m) => m.id === membershipId);
    const name = lineName(lineId) ?? 'This item';
    send(withChoice(selection.current ?? accepted, eligible, lineId, membershipId), (answer) => {
      const paid = answer.lineItems.find((l) => l.id === lineId)?.paymentOption === 'MEMBERSHIP';
      if (paid && membership) return `${name} is paid by your ${membershipName(membership)} membership.`;
      return membership
        ? `Your membership cannot pay for ${name}: it is charged as usual.`
        : `${name} is charged as usual.`;
    });
  };

  return (
    <div className="summary-section checkout-memberships" data-testid="checkout-memberships">
      <h3 ref={heading} tabIndex={-1}>
        Membership
      </h3>
      {covered.length > 0 && (
        <p className="muted small">Your membership can pay for these items. Choose for each one.</p>
      )}
      {covered.map((line) => {
        const name = itemName(line);
        const value = chosenFor(line.id);
        return (
          <fieldset key={line.id} className="membership-choice" data-testid="membership-line">
            <legend>{name}</legend>
            {eligible
              .filter((m) => m.lineItemIds?.includes(line.id))
              .map((membership) => (
                <label key={membership.id} className="radio-line">
                  <input
                    type="radio"
                    name={`${ids}-${line.id}`}
                    checked={value === membership.id}
                    onChange={() => choose(line.id, membership.id ?? '')}
                  />
                  <span>
                    Use my {membershipName(membership)} membership
                    {membership.expirationDate && (
                      <span className="muted small">
                        {' '}
                        (valid until {shortDate(membership.expirationDate)})
                      </span>
                    )}
                  </span>
                </label>
              ))}
            <label className="radio-line">
              <input
                type="radio"
                name={`${ids}-${line.id}`}
                checked={value === ''}
                onChange={() => choose(line.id, '')}
              />
              <span>Pay as usual</span>
            </label>
          </fieldset>
        );
      })}
      {stale && (
        <div className="stack" data-testid="membership-stale">
          <p className="line-note line-note-warning">
            Your membership can no longer pay for some of these items (it may have been paused or cancelled),
            so they are charged as usual.
          </p>
          <p>
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                send(accepted, () => {
                  // The button goes with the problem: keyboard focus stays in the section.
                  heading.current?.focus();
                  return 'Those items are charged as usual.';
                })
              }
            >
              Continue without it
            </button>
          </p>
        </div>
      )}
      <UnusableMemberships options={options} nameOf={lineName} />
      <ErrorNotice error={error} />
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}
