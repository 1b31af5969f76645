import { useEffect, useState } from 'react';
import type { ItemsDraft, Picked } from '../lib/discount-rules.ts';
import { adminError, type ShownError } from '../lib/errors.ts';
import { type AdminClient, requireClient } from '../sdk.ts';
import { FieldAlert } from './field-parts.tsx';
import { ErrorNotice } from './form.ts';
import { SearchBox } from './search-box.tsx';

// Pickers of the discount-rule editors: products and collections a condition counts or a discount goes to,
// customers a condition names. They live inside the rule's form, so they are no forms of their own: Enter in
// their search box searches instead of saving the rule.

export interface Found {
  id: string;
  name: string;
  kind: 'product' | 'collection' | 'customer';
}

/** Finds by name and offers each match with an Add button (those already picked are left out). */
export function Finder({
  label,
  search,
  picked,
  onPick,
}: {
  label: string;
  search: (client: AdminClient, q: string) => Promise<Found[]>;
  picked: ReadonlySet<string>;
  onPick: (found: Found) => void;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ q: string; items: Found[] } | undefined>();
  const [error, setError] = useState<ShownError | undefined>();
  const find = async () => {
    const q = query.trim();
    if (!q) return;
    setError(undefined);
    try {
      setFound({ q, items: await search(requireClient(), q) });
    } catch (e) {
      setError(adminError(e));
    }
  };
  const shown = found?.items.filter((f) => !picked.has(f.id)) ?? [];
  return (
    <div className="stack finder">
      <SearchBox label={label} value={query} onChange={setQuery} onFind={() => void find()} />
      <ErrorNotice error={error} />
      <div role="status">
        {found &&
          (shown.length === 0 ? (
            <p className="muted small">Nothing else matches “{found.q}”.</p>
          ) : (
            <PickList label={`Matches for “${found.q}”`} items={shown} action="Add" onAction={onPick} />
          ))}
      </div>
    </div>
  );
}

const productsAndCollections = async (client: AdminClient, q: string): Promise<Found[]> => {
  const [products, collections] = await Promise.all([
    client.products.queryProducts().eq('search', q).limit(8).find(),
    client.collections.queryCollections().startsWith('name', q).limit(5).find(),
  ]);
  return [
    ...products.items.map((p) => ({ id: p.id, name: p.name ?? p.id, kind: 'product' as const })),
    ...collections.items.map((c) => ({ id: c.id, name: c.name ?? c.id, kind: 'collection' as const })),
  ];
};

export const customerName = (member: {
  identityProfile?: { firstName?: string; lastName?: string };
  email?: { address?: string };
}) =>
  [member.identityProfile?.firstName, member.identityProfile?.lastName].filter(Boolean).join(' ') ||
  member.email?.address ||
  'Customer';

const customersNamed = async (client: AdminClient, q: string): Promise<Found[]> =>
  (await client.customers.listCustomers({ search: q, limit: 8 })).customers.flatMap((c) =>
    c.member.id
      ? [
          {
            id: c.member.id,
            name: `${customerName(c.member)}${c.member.email?.address ? ` <${c.member.email.address}>` : ''}`,
            kind: 'customer' as const,
          },
        ]
      : [],
  );

/** Found items with a button on each: Add (the matches of a search) or Remove (the picked ones). */
function PickList({
  label,
  items,
  action,
  onAction,
}: {
  label: string;
  items: Found[];
  action: 'Add' | 'Remove';
  onAction: (f: Found) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="pick-list" aria-label={label}>
      {items.map((f) => (
        <li key={`${f.kind}:${f.id}`}>
          <span>
            {f.name} <span className="muted small">({f.kind})</span>
          </span>
          <button type="button" className="link-button" onClick={() => onAction(f)}>
            {action}
            <span className="visually-hidden"> {f.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

const shownName = (p: Picked, kind: Found['kind']): Found => ({
  id: p.id,
  kind,
  name: p.name ?? `Unknown ${kind} (${p.id.slice(0, 8)})`,
});

/**
 * Products and collections (none: every item), found by name; scopes set through the API that the admin does
 * not edit are said and kept.
 */
export function ItemsPicker({
  items,
  onChange,
  context,
  error,
}: {
  items: ItemsDraft;
  onChange: (items: ItemsDraft) => void;
  /** Said to assistive technology after the search box's label: `for condition 2`. */
  context: string;
  error: string | undefined;
}) {
  const chosen = [
    ...items.products.map((p) => shownName(p, 'product')),
    ...items.collections.map((c) => shownName(c, 'collection')),
  ];
  const remove = (f: Found) =>
    onChange({
      ...items,
      products: items.products.filter((p) => f.kind !== 'product' || p.id !== f.id),
      collections: items.collections.filter((c) => f.kind !== 'collection' || c.id !== f.id),
    });
  const add = (f: Found) =>
    onChange(
      f.kind === 'collection'
        ? { ...items, collections: [...items.collections, { id: f.id, name: f.name }] }
        : { ...items, products: [...items.products, { id: f.id, name: f.name }] },
    );
  return (
    <div className="stack picker">
      <PickList
        label={`Chosen products and collections ${context}`}
        items={chosen}
        action="Remove"
        onAction={remove}
      />
      {items.kept.length > 0 && (
        <p className="muted small">
          Also {items.kept.length} {items.kept.length === 1 ? 'selection' : 'selections'} set through the API
          (kept as they are).
        </p>
      )}
      <FieldAlert error={error} />
      <Finder
        label={`Find products or collections ${context}`}
        search={productsAndCollections}
        picked={new Set(chosen.map((c) => c.id))}
        onPick={add}
      />
    </div>
  );
}

/** Customers (members) found by name or e-mail. */
export function MembersPicker({
  members,
  onChange,
  context,
  error,
}: {
  members: Picked[];
  onChange: (members: Picked[]) => void;
  context: string;
  error: string | undefined;
}) {
  const chosen = members.map((m) => shownName(m, 'customer'));
  return (
    <div className="stack picker">
      <PickList
        label={`Chosen customers ${context}`}
        items={chosen}
        action="Remove"
        onAction={(f) => onChange(members.filter((m) => m.id !== f.id))}
      />
      <FieldAlert error={error} />
      <Finder
        label={`Find customers by name or e-mail ${context}`}
        search={customersNamed}
        picked={new Set(members.map((m) => m.id))}
        onPick={(f) => onChange([...members, { id: f.id, name: f.name }])}
      />
    </div>
  );
}

/** Names of products, collections and customers by id (for a rule read back from the server). */
export type Names = Record<string, string>;

/**
 * Looks up the names of the ids given (once each); an id the server no longer knows gets none, and its
 * picker says “Unknown product (…)”.
 */
export function useNames(ids: { products: Set<string>; collections: Set<string>; members: Set<string> }) {
  const [names, setNames] = useState<Names>({});
  const key = [...ids.products, '|', ...ids.collections, '|', ...ids.members].join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids are the key
  useEffect(() => {
    const client = requireClient();
    const products = [...ids.products].filter((id) => !(id in names));
    const collections = [...ids.collections].filter((id) => !(id in names));
    const members = [...ids.members].filter((id) => !(id in names));
    if (!products.length && !collections.length && !members.length) return;
    let live = true;
    void Promise.all([
      products.length
        ? client.products.queryProducts().in('id', products).limit(100).find()
        : Promise.resolve(undefined),
      collections.length
        ? client.collections.queryCollections().in('id', collections).limit(100).find()
        : Promise.resolve(undefined),
      ...members.map((id) => client.customers.getCustomer(id).catch(() => undefined)),
    ])
      .then(([p, c, ...m]) => {
        if (!live) return;
        const found: Names = {};
        for (const item of [...(p?.items ?? []), ...(c?.items ?? [])])
          if (item.name) found[item.id] = item.name;
        for (const profile of m)
          if (profile?.member.id) found[profile.member.id] = customerName(profile.member);
        setNames((known) => ({ ...known, ...found }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return names;
}

const currencies = new WeakMap<AdminClient, Promise<string>>();

/** The store's currency (for amounts in sentences and hints), read once per signed-in client. */
export function useStoreCurrency(): string | undefined {
  const [currency, setCurrency] = useState<string | undefined>();
  useEffect(() => {
    const client = requireClient();
    let known = currencies.get(client);
    if (!known) {
      known = client.storeSettings.getStoreSettings().then((s) => s.currency ?? 'USD');
      currencies.set(client, known);
    }
    let live = true;
    known.then((c) => live && setCurrency(c)).catch(() => currencies.delete(client));
    return () => {
      live = false;
    };
  }, []);
  return currency;
}
