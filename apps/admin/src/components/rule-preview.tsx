import type { DiscountRule, DiscountRulePreview, Product } from '@aisle/sdk';
import { useId, useRef, useState } from 'react';
import { CATALOG_APP_ID, type Picked, statusOf } from '../lib/discount-rules.ts';
import { adminError, type ShownError } from '../lib/errors.ts';
import { dateTime } from '../lib/format.ts';
import { type AdminClient, requireClient } from '../sdk.ts';
import { ErrorNotice } from './form.ts';
import { InlineField } from './field-parts.tsx';
import { Finder, type Found, MembersPicker } from './rule-pickers.tsx';
import { Fact, Panel } from './panel.tsx';

/** A line of the cart being tried: a product, the variant of a product with options, a quantity as typed. */
interface TryLine {
  productId: string;
  name: string;
  variants: Array<{ id: string; label: string }>;
  variantId: string | undefined;
  quantity: string;
}

const variantsOf = (product: Product) =>
  (product.productOptions?.length ? (product.variants ?? []) : []).flatMap((v) =>
    v.id
      ? [
          {
            id: v.id,
            label:
              Object.entries(v.choices ?? {})
                .map(([option, choice]) => `${option}: ${choice}`)
                .join(', ') || 'Default',
          },
        ]
      : [],
  );

/**
 * “What would this cart get”: products and quantities picked here (a variant for a product with options),
 * optionally for a chosen customer, priced by the server's engine with the store's rules as saved; each rule
 * that applies with its discount, the one being edited marked, and why it does not apply when it is off,
 * pending or expired. Nothing is written.
 */
export function RulePreview({ rule }: { rule?: DiscountRule }) {
  const id = useId();
  const [lines, setLines] = useState<TryLine[]>([]);
  const [customer, setCustomer] = useState<Picked[]>([]);
  const [result, setResult] = useState<DiscountRulePreview | undefined>();
  const [error, setError] = useState<ShownError | undefined>();
  const [busy, setBusy] = useState(false);
  const found = useRef(new Map<string, Product>());

  const search = async (client: AdminClient, q: string): Promise<Found[]> => {
    const page = await client.products
      .queryProducts({ includeVariants: true })
      .eq('search', q)
      .limit(8)
      .find();
    for (const p of page.items) found.current.set(p.id, p);
    return page.items.map((p) => ({ id: p.id, name: p.name ?? p.id, kind: 'product' as const }));
  };
  const add = (f: Found) => {
    const product = found.current.get(f.id);
    const variants = product ? variantsOf(product) : [];
    setLines([
      ...lines,
      { productId: f.id, name: f.name, variants, variantId: variants[0]?.id, quantity: '1' },
    ]);
    setResult(undefined);
  };
  const change = (i: number, patch: Partial<TryLine>) => {
    setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
    setResult(undefined);
  };

  const run = async () => {
    setError(undefined);
    const bad = lines.find((l) => !/^\d{1,5}$/.test(l.quantity.trim()) || Number(l.quantity) < 1);
    if (bad) {
      setError({ message: `Enter a whole number of 1 or more as the quantity of ${bad.name}.` });
      return;
    }
    setBusy(true);
    try {
      setResult(
        await requireClient().discountRules.previewDiscountRules({
          lineItems: lines.map((l) => ({
            quantity: Number(l.quantity),
            catalogReference: {
              catalogItemId: l.productId,
              appId: CATALOG_APP_ID,
              ...(l.variantId ? { options: { variantId: l.variantId } } : {}),
            },
          })),
          ...(customer[0] ? { memberId: customer[0].id } : {}),
        }),
      );
    } catch (e) {
      setResult(undefined);
      setError(adminError(e));
    } finally {
      setBusy(false);
    }
  };

  const applied = result?.appliedDiscounts.filter((d) => d.discountRule) ?? [];
  const mine = rule && applied.some((d) => d.discountRule?.id === rule.id);
  return (
    <Panel
      id={`${id}-title`}
      title="Preview: what would this cart get?"
      className="panel stack rule-preview"
      testId="rule-preview"
    >
      <p className="muted small">
        Pick products and quantities: the store's automatic discounts as saved are worked out on them, as in a
        shopper's cart (no coupon, shipping or tax). Nothing is saved.
      </p>
      {lines.length > 0 && (
        <ul className="pick-list" aria-label="Products in the preview cart">
          {lines.map((l, i) => (
            <li key={l.productId + String(i)} className="preview-line">
              <span>{l.name}</span>
              {l.variants.length > 1 && (
                <InlineField id={`${id}-variant-${i}`} label={`Variant of ${l.name}`}>
                  <select
                    id={`${id}-variant-${i}`}
                    value={l.variantId}
                    onChange={(e) => change(i, { variantId: e.target.value })}
                  >
                    {l.variants.map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.label}
                      </option>
                    ))}
                  </select>
                </InlineField>
              )}
              <InlineField id={`${id}-qty-${i}`} label={`Quantity of ${l.name}`}>
                <input
                  id={`${id}-qty-${i}`}
                  className="quantity-input"
                  inputMode="numeric"
                  value={l.quantity}
                  onChange={(e) => change(i, { quantity: e.target.value })}
                />
              </InlineField>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setLines(lines.filter((_, j) => j !== i));
                  setResult(undefined);
                }}
              >
                Take out<span className="visually-hidden"> {l.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Finder
        label="Find products for the preview cart"
        search={search}
        picked={new Set(lines.map((l) => l.productId))}
        onPick={add}
      />
      <details className="stack">
        <summary>As a signed-in customer (for rules of members or chosen customers)</summary>
        <MembersPicker
          members={customer}
          onChange={(m) => {
            setCustomer(m.slice(-1));
            setResult(undefined);
          }}
          context="for the preview"
          error={undefined}
        />
      </details>
      <div>
        <button
          type="button"
          className="button button-primary"
          disabled={busy || lines.length === 0}
          onClick={() => void run()}
        >
          {busy ? 'Working it out…' : 'See what this cart gets'}
        </button>
      </div>
      <ErrorNotice error={error} />
      <div aria-live="polite" data-testid="preview-result">
        {result && (
          <div className="stack">
            {applied.length === 0 ? (
              <p>No automatic discount applies to this cart.</p>
            ) : (
              <table className="data-table preview-table">
                <caption className="visually-hidden">Automatic discounts of this cart</caption>
                <thead>
                  <tr>
                    <th scope="col">Automatic discount</th>
                    <th scope="col" className="num">
                      Amount off
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {applied.map((d) => (
                    <tr key={d.discountRule?.id} data-testid="preview-rule">
                      <th scope="row">
                        {d.discountRule?.name?.translated ?? d.discountRule?.name?.original}
                        {d.discountRule?.id === rule?.id && <span className="muted small"> (this one)</span>}
                      </th>
                      <td className="num">{d.discountRule?.amount?.formattedAmount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <dl className="summary-totals preview-totals">
              <Fact label="Subtotal" testId="preview-subtotal">
                {result.priceSummary.subtotal?.formattedAmount}
              </Fact>
              <Fact label="Discounts" testId="preview-discount">
                {result.priceSummary.discount?.formattedAmount}
              </Fact>
              <Fact label="Total before shipping and tax" testId="preview-total" className="summary-total">
                {result.priceSummary.total?.formattedAmount}
              </Fact>
            </dl>
            {rule && !mine && <p data-testid="preview-why">{whyNot(rule)}</p>}
          </div>
        )}
      </div>
    </Panel>
  );
}

/** Why the rule being edited gave nothing to the cart. */
function whyNot(rule: DiscountRule): string {
  const status = statusOf(rule).text;
  if (status === 'Off') return 'This discount is switched off, so it gives nothing.';
  if (status === 'Pending')
    return `This discount starts ${dateTime(rule.activeTimeInfo?.start)}: until then it gives nothing.`;
  if (status === 'Expired') return `This discount ended ${dateTime(rule.activeTimeInfo?.end)}.`;
  return 'This discount’s condition does not hold for this cart (or its items are not in it).';
}
