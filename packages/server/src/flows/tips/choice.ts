import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, firstRow } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { checkouts } from '../../modules/checkout/tables.ts';
import type { TipChoiceInput } from '../../modules/checkout-settings/schemas.ts';
import { tipChoices } from '../../modules/checkout-settings/tables.ts';
import { defaultTipChoice, type TipChoice } from '../../modules/checkout-settings/tips-engine.ts';
import { defaultSettings, rulesOf } from '../../modules/checkout-settings/tip-settings.ts';
import { assertAccepted, choiceOf, settingsFor } from '../../modules/checkout-settings/tips.ts';

interface OwnedCheckout {
  id: string;
  completed: boolean;
}

/**
 * Whether the caller may act on a checkout, by id: the checkout flow's access rule (docs/CHECKOUT.md "Who sees
 * what" — its visitor or member, an admin, or a hosted page presenting the owner's redirect session), which
 * the routes pass in (this module does not know callers). `db` is the caller's transaction when there is one.
 */
export type CheckoutAccess = (db: Db, checkoutId: string) => Promise<boolean>;

/**
 * The checkout of a purchase flow, if `access` lets the caller act on it; anyone else gets the same 404 as for
 * an unknown purchase flow. `lock`: share-locked afterwards, so that an order being placed from the checkout
 * (which locks it for update) is waited for — taken after the access check, which may write (it binds a
 * redirect session to its first caller).
 */
async function ownedCheckout(
  db: Db,
  purchaseFlowId: string,
  access: CheckoutAccess,
  lock = false,
): Promise<OwnedCheckout> {
  const notYours = () =>
    notFound('CHECKOUT_NOT_FOUND', `No checkout of yours has the purchase flow ${purchaseFlowId}`, {
      purchaseFlowId,
    });
  const columns = { id: checkouts.id, completed: checkouts.completed };
  const [found] = await db
    .select(columns)
    .from(checkouts)
    .where(eq(checkouts.purchaseFlowId, purchaseFlowId))
    .limit(1);
  if (!found || !(await access(db, found.id))) throw notYours();
  if (!lock) return found;
  const [row] = await db.select(columns).from(checkouts).where(eq(checkouts.id, found.id)).for('share');
  if (!row) throw notYours();
  return row;
}

async function storedChoice(db: Db, purchaseFlowId: string) {
  return firstRow(db, tipChoices, eq(tipChoices.purchaseFlowId, purchaseFlowId));
}

const wireChoice = (choice: TipChoice) => ({ tipType: choice.tipType, value: choice.value });

/**
 * `GET /choice/{purchaseFlowId}` → `{tipChoice}`: the buyer's choice, or else the default choice of the
 * default settings (what the checkout applies); `{}` when neither exists.
 */
export async function getTipChoice(db: Db, purchaseFlowId: string, access: CheckoutAccess) {
  await ownedCheckout(db, purchaseFlowId, access);
  const stored = await storedChoice(db, purchaseFlowId);
  if (stored)
    return {
      tipChoice: wireChoice({ tipType: stored.tipType as TipChoice['tipType'], value: stored.value }),
    };
  const row = await defaultSettings(db);
  const fallback = defaultTipChoice(row ? rulesOf(row) : undefined);
  return fallback ? { tipChoice: wireChoice(fallback) } : {};
}

/** `PATCH /choice {tipChoice, purchaseFlowId}` → `{tipChoice}`; checked against the checkout's tip settings. */
export async function updateTipChoice(
  ctx: AppContext,
  request: { purchaseFlowId: string; tipChoice: TipChoiceInput; tipSettingsId?: string | undefined },
  access: CheckoutAccess,
) {
  const choice = choiceOf(request.tipChoice);
  return ctx.events.transaction(async (tx) => {
    const checkout = await ownedCheckout(tx, request.purchaseFlowId, access, true);
    if (checkout.completed)
      throw conflict(
        'CHECKOUT_ALREADY_COMPLETED',
        'An order was placed from this checkout; its tip cannot change',
        {
          checkoutId: checkout.id,
        },
      );
    const previous = await storedChoice(tx, request.purchaseFlowId);
    const row = await settingsFor(tx, request.tipSettingsId ?? previous?.tipSettingsId);
    assertAccepted(choice, rulesOf(row));
    const now = ctx.clock();
    await tx
      .insert(tipChoices)
      .values({ purchaseFlowId: request.purchaseFlowId, ...choice, tipSettingsId: row.id, updatedDate: now })
      .onConflictDoUpdate({
        target: tipChoices.purchaseFlowId,
        set: { tipType: choice.tipType, value: choice.value, tipSettingsId: row.id, updatedDate: now },
      });
    return { tipChoice: wireChoice(choice) };
  });
}
