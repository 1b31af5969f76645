import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useLoaderData,
  useSearchParams,
} from 'react-router';
import { ConfirmAction } from '../components/confirm.tsx';
import { ErrorNotice, Notice, SubmitButton } from '../components/form.ts';
import { ProductFields } from '../components/product-fields.tsx';
import { adminError } from '../lib/errors.ts';
import { money } from '../lib/format.ts';
import { productFormError, readProductForm, saveStock } from '../lib/product-form.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { stockText } from './products.tsx';

export async function productEditLoader({ params }: LoaderFunctionArgs) {
  const client = requireClient();
  return { product: await client.products.getProduct(params.productId ?? '') };
}

/** `save` writes the fields (and the stock of a product without options); `delete` deletes the product. */
export async function productEditAction({ request, params }: ActionFunctionArgs) {
  const client = requireClient();
  const id = params.productId ?? '';
  const form = await request.formData();
  if (form.get('intent') === 'delete') {
    const { name } = await client.products.getProduct(id);
    try {
      await client.products.deleteProduct(id);
    } catch (error) {
      return { error: adminError(error), saved: false };
    }
    return redirect(`/products?deleted=${encodeURIComponent(name ?? '')}`);
  }
  const read = readProductForm(form);
  if ('error' in read) return { error: read.error, saved: false };
  try {
    const product = await client.products.updateProduct(id, read.value.product);
    if (!product.manageVariants) await saveStock(client, id, read.value.quantity);
  } catch (error) {
    return { error: productFormError(error), saved: false };
  }
  return { error: undefined, saved: true };
}

export function ProductEdit() {
  const { product } = useLoaderData<typeof productEditLoader>();
  const result = useActionData<typeof productEditAction>();
  const [search] = useSearchParams();
  const stockError = search.get('stockError');
  usePageTitle(product.name ?? 'Product');
  return (
    <section className="panel stack narrow-panel" aria-labelledby="product-title">
      <p className="small">
        <Link to="/products">← All products</Link>
      </p>
      <div className="panel-head">
        <h1 id="product-title">{product.name}</h1>
        <span
          className={`status-badge ${product.visible === false ? 'status-warn' : 'status-ok'}`}
          data-testid="product-visibility"
        >
          {product.visible === false ? 'Hidden' : 'Visible'}
        </span>
      </div>
      <p className="muted" data-testid="product-summary">
        {money(product.priceData?.price, product.priceData?.currency)} · {stockText(product)}
      </p>
      {search.get('created') && !result && <Notice tone="success">The product was created.</Notice>}
      {stockError && !result && (
        <ErrorNotice
          error={{ message: `The product was created, but its stock was not saved: ${stockError}` }}
        />
      )}
      {result?.saved && <Notice tone="success">Saved.</Notice>}
      <ErrorNotice error={result?.error} />
      {/* A new key per revision: the fields show what was saved. */}
      <Form method="post" className="stack" noValidate key={String(product.lastUpdated?.getTime())}>
        <ProductFields product={product} error={result?.error} />
        <SubmitButton name="intent" value="save" pendingText="Saving…">
          Save changes
        </SubmitButton>
      </Form>
      <ConfirmAction
        label="Delete product"
        question={`Delete “${product.name}”? Shoppers will no longer find it. This cannot be undone.`}
        confirm="Yes, delete it"
        pendingText="Deleting…"
        intent="delete"
      />
    </section>
  );
}
