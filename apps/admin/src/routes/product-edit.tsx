import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
  useSearchParams,
} from 'react-router';
import { DigitalFile } from '../components/digital-file.tsx';
import { ErrorNotice, Notice, SubmitButton } from '../components/form.ts';
import { BackLink, CreatedNotice, DeleteAction, EditForm, StatusHeading } from '../components/page-head.tsx';
import { ProductFields } from '../components/product-fields.tsx';
import { ProductMedia } from '../components/product-media.tsx';
import { ProductSubscriptions } from '../components/product-subscriptions.tsx';
import { OptionsEditor, readOptions } from '../components/product-options.tsx';
import { VariantsTable } from '../components/product-variants.tsx';
import { deleteThenList } from '../lib/delete-record.ts';
import { adminError, CHECK_FIELDS, type ShownError } from '../lib/errors.ts';
import { money } from '../lib/format.ts';
import { duplicateProduct } from '../lib/product-duplicate.ts';
import { productFormError, readProductForm, saveStock } from '../lib/product-form.ts';
import { productRefs, specsFor } from '../lib/product-refs.ts';
import { usePageTitle } from '../lib/title.ts';
import { readSubscriptionForm } from '../lib/subscription-form.ts';
import { readVariantsForm } from '../lib/variant-form.ts';
import { type AdminClient, requireClient } from '../sdk.ts';
import { stockText } from './products.tsx';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { Panel } from '../components/panel.tsx';

async function readProduct(client: AdminClient, id: string) {
  const product = await client.products.getProduct(id, { includeMerchantSpecificData: true });
  const variants = product.manageVariants
    ? (
        await client.products.queryProductVariants(id, {
          includeMerchantSpecificData: true,
          paging: { limit: 100 },
        })
      ).variants
    : [];
  return { product, variants };
}

export async function productEditLoader({ params }: LoaderFunctionArgs) {
  const client = requireClient();
  const [read, refs, collections] = await Promise.all([
    readProduct(client, params.productId ?? ''),
    productRefs(client),
    client.collections.queryCollections().ascending('name').limit(100).find(),
  ]);
  // The names of the products a membership plan pays for.
  const covered = read.product.subscriptionDetails?.membership?.productIds ?? [];
  const coveredProducts = covered.length
    ? (await client.products.queryProducts().in('id', covered).limit(100).find()).items
    : [];
  return { ...read, refs, collections: collections.items, coveredProducts };
}

type Section = 'details' | 'options' | 'variants' | 'subscriptions' | 'page';
interface Result {
  section: Section;
  error?: ShownError;
  saved?: string;
}

/**
 * `save` (the details and, without options, the stock), `options`, `variants` (changed cells and stock),
 * `duplicate` (then the copy's page), `delete` (then the list).
 */
export async function productEditAction({ request, params }: ActionFunctionArgs): Promise<Result | Response> {
  const client = requireClient();
  const id = params.productId ?? '';
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  if (intent === 'delete') {
    const deleted = await deleteThenList('/products', form, () => client.products.deleteProduct(id));
    return deleted instanceof Response ? deleted : { section: 'page', error: deleted.error };
  }
  if (intent === 'duplicate') {
    try {
      const copy = await duplicateProduct(client, id);
      return redirect(`/products/${encodeURIComponent(copy.id)}?duplicated=1`);
    } catch (error) {
      return { section: 'page', error: adminError(error) };
    }
  }
  if (intent === 'options') {
    const read = readOptions(String(form.get('options') ?? '[]'));
    if ('problem' in read) return { section: 'options', error: { message: read.problem } };
    try {
      if (read.options.length === 0) await client.products.deleteProductOptions(id);
      else
        await client.products.updateProduct(id, {
          manageVariants: true,
          productOptions: read.options.map((o) => ({
            name: o.name.trim(),
            optionType: o.optionType,
            choices: o.choices.map((c) => ({
              value: o.optionType === 'color' ? c.color : c.name.trim(),
              description: c.name.trim(),
            })),
          })),
        });
    } catch (error) {
      return { section: 'options', error: adminError(error) };
    }
    return { section: 'options', saved: 'Options saved: the variants below follow them.' };
  }
  if (intent === 'variants') {
    const { product, variants } = await readProduct(client, id);
    const read = readVariantsForm(form, variants, product.stock?.trackInventory === true);
    if ('fields' in read)
      return { section: 'variants', error: { message: CHECK_FIELDS, fields: read.fields } };
    try {
      if (read.value.overrides.length) await client.products.updateVariants(id, read.value.overrides);
      if (read.value.inventory) await client.inventory.updateInventoryVariants(id, read.value.inventory);
    } catch (error) {
      return { section: 'variants', error: adminError(error) };
    }
    return { section: 'variants', saved: 'Variants saved.' };
  }
  if (intent === 'subscriptions') {
    const read = readSubscriptionForm(form);
    if ('fields' in read)
      return { section: 'subscriptions', error: { message: CHECK_FIELDS, fields: read.fields } };
    try {
      await client.products.updateProduct(id, { subscriptionDetails: read.value });
    } catch (error) {
      return { section: 'subscriptions', error: adminError(error) };
    }
    return {
      section: 'subscriptions',
      saved: read.value ? 'Subscription options saved.' : 'The product is no longer sold by subscription.',
    };
  }
  const specs = specsFor(await productRefs(client));
  const read = readProductForm(form, specs);
  if ('error' in read) return { section: 'details', error: read.error };
  try {
    const product = await client.products.updateProduct(id, read.value.product);
    if (!product.manageVariants) await saveStock(client, id, read.value.quantity);
  } catch (error) {
    return { section: 'details', error: productFormError(error, specs) };
  }
  return { section: 'details', saved: 'Saved.' };
}

export function ProductEdit() {
  const { product, variants, refs, collections, coveredProducts } = useLoaderData<typeof productEditLoader>();
  const result = useSettledActionData<typeof productEditAction>() as Result | undefined;
  const [search] = useSearchParams();
  const stockError = search.get('stockError');
  usePageTitle(product.name ?? 'Product');
  const of = (section: Section) => (result?.section === section ? result : undefined);
  const specs = specsFor(refs, product);
  return (
    <div className="stack product-page">
      <BackLink to="/products">All products</BackLink>
      <StatusHeading
        title={product.name}
        id="product-title"
        status={product.visible === false ? 'Hidden' : 'Visible'}
        tone={product.visible === false ? 'status-warn' : 'status-ok'}
        testId="product-visibility"
      />
      <p className="muted" data-testid="product-summary">
        {money(product.priceData?.price, product.priceData?.currency)} · {stockText(product)}
      </p>
      <CreatedNotice one="product" acted={result !== undefined} />
      {search.get('duplicated') && !result && (
        <Notice tone="success">This is the copy (hidden until you show it). Check its name and slug.</Notice>
      )}
      {stockError && !result && (
        <ErrorNotice
          error={{ message: `The product was created, but its stock was not saved: ${stockError}` }}
        />
      )}
      <ErrorNotice error={of('page')?.error} />

      <Panel id="details-title" title="Details">
        {of('details')?.saved && <Notice tone="success">{of('details')?.saved}</Notice>}
        <ErrorNotice error={of('details')?.error} />
        {/* A new key per revision: the fields show what was saved. */}
        <EditForm key={String(product.lastUpdated?.getTime())}>
          <ProductFields product={product} specs={specs} error={of('details')?.error} />
        </EditForm>
      </Panel>

      <Panel id="pictures-title" title="Pictures">
        <ProductMedia product={product} />
      </Panel>

      <Panel id="options-title" title="Options">
        <p className="muted small">Sizes, colours…: each combination of choices becomes a variant.</p>
        {of('options')?.saved && <Notice tone="success">{of('options')?.saved}</Notice>}
        <OptionsEditor
          key={`options-${product.lastUpdated?.getTime()}`}
          product={product}
          error={of('options')?.error?.message}
        />
      </Panel>

      {product.manageVariants && (
        <Panel id="variants-title" title="Variants">
          {of('variants')?.saved && <Notice tone="success">{of('variants')?.saved}</Notice>}
          <ErrorNotice error={of('variants')?.error} />
          <VariantsTable
            key={`variants-${product.lastUpdated?.getTime()}-${variants.map((v) => `${v.stock?.quantity}`).join()}`}
            variants={variants}
            tracked={product.stock?.trackInventory === true}
            errors={of('variants')?.error?.fields ?? {}}
          />
        </Panel>
      )}

      <Panel id="subscriptions-title" title="Subscriptions">
        <p className="muted small">
          Plans members subscribe to: charged every period with the card they give, each period an order.
        </p>
        {of('subscriptions')?.saved && <Notice tone="success">{of('subscriptions')?.saved}</Notice>}
        <ErrorNotice error={of('subscriptions')?.error} />
        <ProductSubscriptions
          key={`subscriptions-${product.lastUpdated?.getTime()}`}
          product={product}
          collections={collections}
          coveredProducts={coveredProducts}
          error={of('subscriptions')?.error}
        />
      </Panel>

      {product.productType === 'digital' && (
        <Panel id="digital-title" title="Digital file">
          <DigitalFile product={product} />
        </Panel>
      )}

      <Panel id="more-title" title="More actions">
        <Form method="post">
          <SubmitButton
            className="button button-secondary"
            name="intent"
            value="duplicate"
            pendingText="Copying…"
          >
            Duplicate product
          </SubmitButton>
        </Form>
        <DeleteAction
          one="product"
          name={product.name ?? ''}
          question={`Delete “${product.name}”? Shoppers will no longer find it. This cannot be undone.`}
        />
      </Panel>
    </div>
  );
}
