import type { Db } from '../../platform/db.ts';
import { currencyOf } from '../../modules/pricing/currency.ts';
import { readStoreSettings } from '../../modules/settings/store.ts';
import type { PreviewTipRequest } from '../../modules/checkout-settings/schemas.ts';
import { tipAmount } from '../../modules/checkout-settings/tips-engine.ts';
import { rulesOf } from '../../modules/checkout-settings/tip-settings.ts';
import { assertAccepted, choiceOf, settingsFor } from '../../modules/checkout-settings/tips.ts';

/** `POST /preview {lineItemInfo, tipChoice, tipSettingsId}` → `{tip}`, in the store's currency. */
export async function previewTip(db: Db, request: PreviewTipRequest) {
  const row = await settingsFor(db, request.tipSettingsId);
  const rules = rulesOf(row);
  const choice = request.tipChoice ? choiceOf(request.tipChoice) : undefined;
  if (choice) assertAccepted(choice, rules);
  const { currency: code } = await readStoreSettings(db);
  const money = currencyOf(code);
  const subtotal = request.lineItemInfo.reduce(
    (sum, l) => sum + money.parse(l.price) * BigInt(l.quantity),
    0n,
  );
  const amount = tipAmount(choice, rules, money.text(subtotal), code);
  return {
    tip: { amount, lineItemSubtotal: money.text(subtotal), undistributedAmount: amount, distributions: [] },
  };
}
