import type { CheckoutTemplate, CheckoutTemplateCustomization, LineItemInput, Product } from '@aisle/sdk';
import { useEffect, useId, useState } from 'react';
import type { EntitySpec } from '../components/entity-kit.tsx';
import { InlineField } from '../components/field-parts.tsx';
import { ProductFinder } from '../components/product-finder.tsx';
import { adminError } from '../lib/errors.ts';
import { type FieldSpec, type FieldValues, optionsOf } from '../lib/fields.ts';
import { PAGE_SIZE } from '../lib/list.ts';
import { requireClient } from '../sdk.ts';
import { linkColumn } from '../components/spec-columns.tsx';
import { TaskOutcome } from '../components/outcome.tsx';
import { useTask } from '../components/use-task.ts';

// Checkout templates: the list and edit pages come from the entity kit; the edit page adds the template's
// products (found with the catalogue's product finder) and the shareable checkout link.

const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

const STATUS = optionsOf({
  ACTIVE: 'Active: the link starts checkouts',
  INACTIVE: 'Inactive: the link is refused',
});

const FLAGS = [
  ['lockedCoupon', 'Lock the coupon', 'Shoppers can neither remove it nor enter another code.'],
  [
    'disabledManualPayment',
    'Card payment only',
    'Hides “Pay offline”; the server refuses offline orders too.',
  ],
  [
    'disabledContinueShoppingButton',
    'Hide “Back to cart”',
    'The checkout page shows no way back to the shop.',
  ],
  [
    'disabledPolicyAgreementCheckbox',
    'Hide the policy checkbox',
    'Kept for API clients: Aisle’s checkout page shows no policy checkbox today.',
  ],
  ['lockedGiftCard', 'Lock the gift card', 'Kept for API clients: Aisle does not sell gift cards.'],
] as const;

const FIELDS: FieldSpec[] = [
  { name: 'status', label: 'Status', kind: 'select', required: true, options: STATUS },
  {
    name: 'couponCode',
    label: 'Coupon code',
    kind: 'text',
    maxLength: 50,
    hint: 'Applied to every checkout started from the template (optional).',
  },
  ...FLAGS.map(([name, label, hint]): FieldSpec => ({ name, label, kind: 'toggle', hint })),
];

function customizationOf(values: FieldValues): CheckoutTemplateCustomization {
  return {
    lockedCoupon: values.lockedCoupon === true,
    lockedGiftCard: values.lockedGiftCard === true,
    disabledManualPayment: values.disabledManualPayment === true,
    webClient: {
      disabledContinueShoppingButton: values.disabledContinueShoppingButton === true,
      disabledPolicyAgreementCheckbox: values.disabledPolicyAgreementCheckbox === true,
    },
  };
}

const lineCount = (t: CheckoutTemplate) =>
  t.lineItems.reduce((n, l) => n + (l.quantity ?? 1), 0) + t.customLineItems.length;

const templateName = (t: CheckoutTemplate) => `Template ${t.id.slice(0, 8)}`;

/** The shareable link: each visit starts a fresh checkout from the template. */
export const templateLink = (id: string) =>
  `${window.location.origin}/ecom/v1/checkout-templates/${encodeURIComponent(id)}/create-and-redirect-to-checkout`;

export const checkoutTemplateSpec: EntitySpec<CheckoutTemplate> = {
  path: 'checkout-templates',
  title: 'Checkout templates',
  columns: [
    linkColumn('Template', 'checkout-templates', templateName, { wrap: false }),
    { label: 'Status', cell: (row) => (row.status === 'ACTIVE' ? 'Active' : 'Inactive') },
    { label: 'Items', className: 'num', cell: (row) => String(lineCount(row)) },
    { label: 'Coupon', cell: (row) => row.couponCode ?? '' },
  ],
  filters: [{ name: 'status', label: 'Status', options: [{ value: '', label: 'Any' }, ...STATUS] }],
  fields: FIELDS,
  // A new template starts as an inactive draft: add its products, then make it active.
  defaults: { status: 'INACTIVE' },
  list: (client, { values, cursor }) => {
    let query = client.checkoutTemplates.queryCheckoutTemplates().descending('createdDate').limit(PAGE_SIZE);
    if (values.status) query = query.eq('status', values.status);
    return (cursor ? query.skipTo(cursor) : query).find();
  },
  get: (client, id) => client.checkoutTemplates.getCheckoutTemplate(id),
  id: (row) => row.id,
  name: templateName,
  values: (row) => ({
    status: row.status,
    couponCode: row.couponCode ?? '',
    lockedCoupon: row.customization.lockedCoupon === true,
    lockedGiftCard: row.customization.lockedGiftCard === true,
    disabledManualPayment: row.customization.disabledManualPayment === true,
    disabledContinueShoppingButton: row.customization.webClient?.disabledContinueShoppingButton === true,
    disabledPolicyAgreementCheckbox: row.customization.webClient?.disabledPolicyAgreementCheckbox === true,
  }),
  create: (client, values) =>
    client.checkoutTemplates.createCheckoutTemplate({
      status: values.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
      couponCode: values.couponCode ? String(values.couponCode) : null,
      customization: customizationOf(values),
    }),
  update: (client, row, values) =>
    client.checkoutTemplates.updateCheckoutTemplate(
      row.id,
      {
        status: values.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
        couponCode: values.couponCode ? String(values.couponCode) : null,
        customization: customizationOf(values),
        revision: row.revision,
      },
      { fieldMask: ['status', 'couponCode', 'customization'] },
    ),
  remove: (client, id) => client.checkoutTemplates.deleteCheckoutTemplate(id),
  deleteNote: 'Its link stops working; checkouts already started stay.',
  fieldOf: (path) => (path.includes('lineItems') ? 'status' : (path.split('.').pop() ?? path)),
  extra: (row) => (
    <>
      <TemplateLines template={row} />
      <CopyLink template={row} />
    </>
  ),
};

/** The template's products with their quantities: added with the product finder, changed at once. */
function TemplateLines({ template }: { template: CheckoutTemplate }) {
  const { error, done, run, setError } = useTask();
  const [names, setNames] = useState<Record<string, string>>({});
  const lines = template.lineItems;
  const ids = lines.map((l) => l.catalogReference.catalogItemId);
  const key = ids.join(',');

  useEffect(() => {
    const wanted = key ? key.split(',') : [];
    if (!wanted.length) return;
    requireClient()
      .products.queryProducts()
      .in('id', wanted)
      .limit(100)
      .find()
      .then((page) => setNames(Object.fromEntries(page.items.map((p) => [p.id, p.name ?? '']))))
      .catch((e: unknown) => setError(adminError(e)));
  }, [key, setError]);

  const save = (next: LineItemInput[], message: string) =>
    run(
      'save',
      () =>
        requireClient().checkoutTemplates.updateCheckoutTemplate(
          template.id,
          { lineItems: next, revision: template.revision },
          { fieldMask: ['lineItems'] },
        ),
      message,
    );

  const add = (product: Product) => {
    setNames((n) => ({ ...n, [product.id]: product.name ?? '' }));
    void save(
      [...lines, { quantity: 1, catalogReference: { catalogItemId: product.id, appId: STORES_APP_ID } }],
      `“${product.name}” was added.`,
    );
  };
  const setQuantity = (index: number, quantity: number) =>
    void save(
      lines.map((l, i) => (i === index ? { ...l, quantity } : l)),
      'The quantity was changed.',
    );
  const remove = (index: number) =>
    void save(
      lines.filter((_, i) => i !== index),
      'The product was taken out.',
    );

  return (
    <section className="stack" aria-labelledby="template-lines-title">
      <h2 id="template-lines-title">Products</h2>
      <TaskOutcome done={done} error={error} />
      {lines.length === 0 ? (
        <p className="muted">No products yet: add at least one before making the template active.</p>
      ) : (
        <ul className="pick-list" aria-label="Products in the template" data-testid="template-lines">
          {lines.map((l, i) => {
            const name = names[l.catalogReference.catalogItemId] ?? 'Product';
            return (
              <li
                key={`${l.catalogReference.catalogItemId}:${JSON.stringify(l.catalogReference.options ?? {})}`}
              >
                <span>{name}</span>
                <QuantityInput name={name} value={l.quantity ?? 1} onChange={(q) => setQuantity(i, q)} />
                <button type="button" className="button button-secondary" onClick={() => remove(i)}>
                  Take out<span className="visually-hidden"> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ProductFinder
        label="Find products for the template"
        formName="Template product finder"
        picked={new Set(ids)}
        pickedText="In the template"
        onPick={add}
      />
    </section>
  );
}

function QuantityInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number;
  onChange: (q: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const q = Number(text);
    if (Number.isInteger(q) && q >= 1 && q <= 100_000 && q !== value) onChange(q);
    else setText(String(value));
  };
  return (
    <InlineField id={id} label={`Quantity of ${name}`}>
      <input
        id={id}
        type="number"
        min={1}
        max={100000}
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        style={{ width: '5rem' }}
      />
    </InlineField>
  );
}

/** The shareable link, with a button that copies it. */
function CopyLink({ template }: { template: CheckoutTemplate }) {
  const id = useId();
  const [copied, setCopied] = useState<string | undefined>();
  const link = templateLink(template.id);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('The link was copied. Anyone who opens it gets a new checkout of these products.');
    } catch {
      // No clipboard access (an insecure page, a refused permission): the merchant copies it by hand.
      (document.getElementById(`${id}-link`) as HTMLInputElement | null)?.select();
      setCopied('Copying is not allowed here: the link is selected, copy it with your keyboard.');
    }
  };
  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Checkout link</h2>
      {template.status !== 'ACTIVE' && (
        <p className="muted small">
          The template is inactive: the link answers “no longer active” until you activate it.
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-link`}>Shareable link</label>
        <input
          id={`${id}-link`}
          type="text"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <p>
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          Copy link
        </button>
      </p>
      <p role="status" className="small">
        {copied ?? ''}
      </p>
    </section>
  );
}
