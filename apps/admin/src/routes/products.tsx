import type { Product } from '@aisle/sdk';
import { Form, Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { Notice } from '../components/form.ts';
import { PageLinks } from '../components/page-links.tsx';
import { money } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';

const PAGE_SIZE = 20;

/** Every product, hidden ones too (the admin key sees them), newest first; `q` searches, `page` is one-based. */
export async function productsLoader({ request }: LoaderFunctionArgs) {
  const client = requireClient();
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  let query = client.products.queryProducts().descending('numericId');
  if (q) query = query.eq('search', q);
  const found = await query
    .limit(PAGE_SIZE)
    .skip((page - 1) * PAGE_SIZE)
    .find();
  return { products: found.items, total: found.totalCount, hasNext: found.hasNext(), q, page };
}

/** Tracked stock as a count, otherwise in or out of stock. */
export function stockText(product: Product): string {
  const stock = product.stock;
  if (stock?.trackInventory) return `${stock.quantity ?? 0} in stock`;
  return stock?.inStock === false ? 'Out of stock' : 'In stock (not tracked)';
}

export function Products() {
  const { products, total, hasNext, q, page } = useLoaderData<typeof productsLoader>();
  const [search] = useSearchParams();
  const deleted = search.get('deleted');
  usePageTitle('Products');
  const pageLink = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <div className="stack">
      <div className="panel-head">
        <h1>Products</h1>
        <Link className="button button-primary" to="/products/new">
          New product
        </Link>
      </div>
      {deleted && <Notice tone="success">“{deleted}” was deleted.</Notice>}
      <Form method="get" role="search" className="toolbar" key={q}>
        <div className="field">
          <label htmlFor="product-search">Search products</label>
          <input id="product-search" type="search" name="q" defaultValue={q} />
        </div>
        <button type="submit" className="button button-secondary">
          Search
        </button>
      </Form>
      <p className="muted" role="status">
        {total === undefined ? '' : `${total} ${total === 1 ? 'product' : 'products'}`}
        {q ? ` matching “${q}”` : ''}
      </p>
      {products.length === 0 ? (
        <p className="empty">{q ? 'No product matches this search.' : 'No products yet.'}</p>
      ) : (
        <DataTable columns={['Name', { label: 'Price', className: 'num' }, 'Visibility', 'Stock']}>
          {products.map((product) => (
            <tr key={product.id} data-testid="product-row">
              <th scope="row" className="wrap">
                <Link to={`/products/${encodeURIComponent(product.id)}`}>{product.name}</Link>
              </th>
              <td className="num" data-testid="product-price">
                {money(product.priceData?.price, product.priceData?.currency)}
              </td>
              <td data-testid="product-visibility">{product.visible === false ? 'Hidden' : 'Visible'}</td>
              <td data-testid="product-stock">{stockText(product)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <PageLinks page={page} hasNext={hasNext} link={pageLink} />
    </div>
  );
}
