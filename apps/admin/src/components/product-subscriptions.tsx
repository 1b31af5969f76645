import type { Collection, Product, SubscriptionOption } from '@aisle/sdk';
import { useState } from 'react';
import { Form } from 'react-router';
import { DISCOUNTS, FREQUENCIES } from '../lib/subscription-form.ts';
import { CheckBox, Field, SubmitButton } from './form.ts';
import type { ShownError } from '../lib/errors.ts';
import { ProductFinder } from './product-finder.tsx';
import { SelectField } from './select-field.tsx';

/**
 * The product page's "Subscriptions" section: its plans (how often, how many cycles or until cancelled, a free
 * trial, a discount against the one-time price), whether it is also sold once and whether members may cancel, and
 * whether it is a membership plan with the products and collections it pays for (lib/subscription-form.ts reads
 * it back). The product finder is its own form, beside this one: finding is not saving.
 */
export function ProductSubscriptions({
  product,
  collections,
  coveredProducts,
  error,
}: {
  product: Product;
  collections: Collection[];
  /** The products the membership pays for, as read (for their names). */
  coveredProducts: Product[];
  error?: ShownError | undefined;
}) {
  const details = product.subscriptionDetails;
  const plans: Array<SubscriptionOption | undefined> = [...(details?.subscriptions ?? []), undefined];
  const fields = error?.fields ?? {};
  const [covered, setCovered] = useState<Array<{ id: string; name: string }>>(
    (details?.membership?.productIds ?? []).map((id) => ({
      id,
      name: coveredProducts.find((p) => p.id === id)?.name ?? id,
    })),
  );
  const [membership, setMembership] = useState(Boolean(details?.membership));
  return (
    <div className="stack">
      <Form method="post" className="stack" noValidate aria-label="Subscription options">
        <input type="hidden" name="plan-rows" value={plans.length} />
        {plans.map((plan, i) => (
          <PlanRow key={plan?.id ?? 'new'} plan={plan} index={i} fields={fields} />
        ))}
        <CheckBox name="allow-one-time" defaultChecked={details?.allowOneTimePurchases !== false}>
          Also sold as a one-time purchase
        </CheckBox>
        {fields['allow-one-time'] && <p className="field-error">{fields['allow-one-time']}</p>}
        <CheckBox name="customer-cancellation" defaultChecked={details?.enableCustomerCancellation !== false}>
          Members may cancel their subscription themselves
        </CheckBox>
        <CheckBox name="membership" checked={membership} onChange={(e) => setMembership(e.target.checked)}>
          Membership plan: an active subscription pays for chosen products
        </CheckBox>
        {membership && (
          <fieldset className="stack">
            <legend>The membership pays for</legend>
            {fields.membership && <p className="field-error">{fields.membership}</p>}
            {collections.map((c) => (
              <label key={c.id} className="check">
                <input
                  type="checkbox"
                  name="membership-collection"
                  value={c.id}
                  defaultChecked={details?.membership?.collectionIds?.includes(c.id)}
                />{' '}
                Products in “{c.name}”
              </label>
            ))}
            {covered.length > 0 && (
              <ul className="pick-list" aria-label="Products the membership pays for">
                {covered.map((p) => (
                  <li key={p.id}>
                    <input type="hidden" name="membership-product" value={p.id} />
                    <span>{p.name}</span>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => setCovered(covered.filter((x) => x.id !== p.id))}
                    >
                      Remove<span className="visually-hidden"> {p.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        )}
        <SubmitButton name="intent" value="subscriptions" pendingText="Saving…">
          Save subscriptions
        </SubmitButton>
      </Form>
      {membership && (
        <ProductFinder
          label="Find products the membership pays for"
          formName="Membership product finder"
          picked={new Set(covered.map((p) => p.id))}
          pickedText="Covered"
          onPick={(p) => setCovered([...covered, { id: p.id, name: p.name ?? p.id }])}
        />
      )}
    </div>
  );
}

function PlanRow({
  plan,
  index: i,
  fields,
}: {
  plan: SubscriptionOption | undefined;
  index: number;
  fields: Record<string, string>;
}) {
  const n = i + 1;
  return (
    <fieldset className="stack">
      <legend>{plan ? `Plan ${n}: ${plan.title}` : `Plan ${n} (new: give it a title to add it)`}</legend>
      {plan?.id && <input type="hidden" name={`plan-id-${i}`} value={plan.id} />}
      <div className="field-row">
        <Field
          label={`Plan ${n} title`}
          name={`plan-title-${i}`}
          defaultValue={plan?.title ?? ''}
          error={fields[`plan-title-${i}`]}
        />
        <CountField
          label={`Plan ${n} every`}
          name={`plan-interval-${i}`}
          value={plan?.interval ?? 1}
          fields={fields}
        />
        <SelectField
          label={`Plan ${n} period`}
          name={`plan-frequency-${i}`}
          options={FREQUENCIES}
          defaultValue={plan?.frequency ?? 'MONTH'}
        />
      </div>
      <div className="field-row">
        <CountField
          label={`Plan ${n} billing cycles`}
          name={`plan-cycles-${i}`}
          hint="Blank: renews until cancelled"
          value={plan?.billingCycles}
          fields={fields}
        />
        <CountField
          label={`Plan ${n} free trial`}
          name={`plan-trial-${i}`}
          hint="Blank: no trial"
          value={plan?.freeTrialPeriod ? (plan.freeTrialPeriod.interval ?? 1) : undefined}
          fields={fields}
        />
        <SelectField
          label={`Plan ${n} trial period`}
          name={`plan-trial-frequency-${i}`}
          options={FREQUENCIES}
          defaultValue={plan?.freeTrialPeriod?.frequency ?? 'MONTH'}
        />
      </div>
      <div className="field-row">
        <SelectField
          label={`Plan ${n} discount`}
          name={`plan-discount-type-${i}`}
          options={DISCOUNTS}
          defaultValue={plan?.discount?.type ?? 'NONE'}
        />
        <Field
          label={`Plan ${n} discount value`}
          name={`plan-discount-${i}`}
          inputMode="decimal"
          className="narrow"
          defaultValue={plan?.discount?.value ? String(plan.discount.value) : ''}
          error={fields[`plan-discount-${i}`]}
        />
      </div>
      {plan && <CheckBox name={`plan-remove-${i}`}>Remove plan {n} (running subscriptions go on)</CheckBox>}
    </fieldset>
  );
}

/** A whole number of periods or cycles (blank allowed where `hint` says what blank means). */
function CountField({
  label,
  name,
  hint,
  value,
  fields,
}: {
  label: string;
  name: string;
  hint?: string;
  value: number | undefined;
  fields: Record<string, string>;
}) {
  return (
    <Field
      label={label}
      name={name}
      type="number"
      min={1}
      className="narrow"
      {...(hint ? { hint } : {})}
      defaultValue={value === undefined ? '' : String(value)}
      error={fields[name]}
    />
  );
}
