import type { Checkout, TipChoice, TipSettings } from '@aisle/sdk';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type ShownError, showError } from '../../lib/errors.ts';
import { formatMoney } from '../../lib/money.ts';
import type { CheckoutApi, CheckoutWrite } from './api.ts';

// Tips (wire/merchant-settings.md "Tips", docs/CHECKOUT.md): the store's default tip settings, what each preset
// gives on this checkout's lines, and the buyer's choice; the checkout adds the tip to its totals as a fee. The
// calls go through the page's checkout client, so another site's checkout (a redirect session) offers tips too.

interface Tips {
  settings: Required<Pick<TipSettings, 'id' | 'tipType' | 'choices'>> &
    Pick<TipSettings, 'title' | 'allowCustomAmount'>;
  choice: TipChoice | undefined;
  /** Preset value → the tip it gives on this checkout's lines (decimal string). */
  amounts: Record<string, string>;
}

async function loadTips(api: CheckoutApi, checkout: Checkout): Promise<Tips | undefined> {
  const settings = await api.tips.getDefaultTipSettings();
  const choices = settings?.choices ?? [];
  if (!settings?.enabled || !settings.tipType || choices.length === 0 || !checkout.purchaseFlowId)
    return undefined;
  const tipType = settings.tipType;
  const lineItemInfo = checkout.lineItems
    .filter((line) => line.price?.amount !== undefined)
    .map((line) => ({ lineItemId: line.id, price: line.price?.amount ?? '0', quantity: line.quantity ?? 1 }));
  const [choice, ...previews] = await Promise.all([
    api.tips.getTipChoice(checkout.purchaseFlowId),
    ...choices.map((value) =>
      api.tips.previewTip({ lineItemInfo, tipChoice: { tipType, value }, tipSettingsId: settings.id }),
    ),
  ]);
  const amounts = Object.fromEntries(choices.map((value, i) => [value, previews[i]?.amount ?? '0']));
  return {
    settings: {
      id: settings.id,
      tipType,
      choices,
      ...(settings.title ? { title: settings.title } : {}),
      ...(settings.allowCustomAmount ? { allowCustomAmount: true } : {}),
    },
    choice,
    amounts,
  };
}

function money(amount: string, currency: string | undefined): string {
  return formatMoney(Number(amount), currency);
}

const same = (a: TipChoice | undefined, b: TipChoice) =>
  a !== undefined && a.tipType === b.tipType && Number(a.value) === Number(b.value);

/**
 * A tip for the store, when it has tip settings switched on (hidden otherwise): the presets with what each
 * adds, no tip, and a custom amount when allowed. The checkout's totals then include the tip.
 */
export function TipSection({
  checkout,
  api,
  write,
}: {
  checkout: Checkout;
  api: CheckoutApi;
  write: CheckoutWrite;
}) {
  const ids = useId();
  const [tips, setTips] = useState<Tips | undefined>();
  const [busy, setBusy] = useState(false);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<ShownError | undefined>();
  // The lines (and so the previews) change with quantities, not with every write.
  const linesKey = checkout.lineItems.map((l) => `${l.id}:${l.quantity}:${l.price?.amount}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines are the trigger
  useEffect(() => {
    let live = true;
    loadTips(api, checkout)
      .then((loaded) => live && setTips(loaded))
      // Tips are optional: a store whose tips cannot be read checks out without them.
      .catch(() => live && setTips(undefined));
    return () => {
      live = false;
    };
  }, [linesKey, checkout.purchaseFlowId, api]);

  if (!tips) return null;
  const { settings, choice, amounts } = tips;

  const choose = async (next: TipChoice) => {
    setBusy(true);
    setError(undefined);
    try {
      await api.tips.updateTipChoice(checkout.purchaseFlowId ?? '', next, { tipSettingsId: settings.id });
      setTips({ ...tips, choice: next });
      await write((api) => api.checkout.getCheckout(checkout.id));
    } catch (err) {
      setError(showError(err));
    } finally {
      setBusy(false);
    }
  };
  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const value = custom.trim();
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) {
      setError({ message: 'Enter an amount like 5 or 5.50.' });
      return;
    }
    void choose({ tipType: 'CUSTOM', value });
  };
  const none: TipChoice = { tipType: settings.tipType, value: '0' };
  const noTip = !choice || Number(choice.value) === 0;

  return (
    <section className="panel checkout-step" aria-labelledby={`${ids}-title`} data-testid="tip-step">
      <h2 id={`${ids}-title`}>{settings.title || 'Add a tip'}</h2>
      <fieldset className="tip-choices" aria-busy={busy} disabled={busy}>
        <legend className="visually-hidden">Tip</legend>
        {settings.choices.map((value) => {
          const preset: TipChoice = { tipType: settings.tipType, value };
          const label =
            settings.tipType === 'PERCENTAGE'
              ? `${Number(value)}% (${money(amounts[value] ?? '0', checkout.currency)})`
              : money(value, checkout.currency);
          return (
            <label key={value} className={`pill tip-pill${same(choice, preset) ? ' checked' : ''}`}>
              <input
                type="radio"
                name={`${ids}-tip`}
                checked={same(choice, preset)}
                onChange={() => void choose(preset)}
              />
              <span>{label}</span>
            </label>
          );
        })}
        <label className={`pill tip-pill${noTip ? ' checked' : ''}`}>
          <input type="radio" name={`${ids}-tip`} checked={noTip} onChange={() => void choose(none)} />
          <span>No tip</span>
        </label>
      </fieldset>
      {settings.allowCustomAmount && (
        <form className="inline-field tip-custom" onSubmit={submitCustom} noValidate>
          <label htmlFor={`${ids}-custom`} className="visually-hidden">
            Custom tip amount
          </label>
          <input
            id={`${ids}-custom`}
            className="inline-input"
            inputMode="decimal"
            placeholder={
              choice?.tipType === 'CUSTOM' ? money(String(choice.value), checkout.currency) : 'Other amount'
            }
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
          />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Set tip
          </button>
        </form>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}
