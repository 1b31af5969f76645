import { type ActionFunctionArgs, redirect, useLoaderData } from 'react-router';
import { NewPage } from '../components/page-head.tsx';
import { ProductFields } from '../components/product-fields.tsx';
import { formValues } from '../lib/fields.ts';
import { productFormError, readProductForm, saveStock } from '../lib/product-form.ts';
import { productRefs, specsFor } from '../lib/product-refs.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';

export async function productNewLoader() {
  return productRefs(requireClient());
}

export async function productNewAction({ request }: ActionFunctionArgs) {
  const client = requireClient();
  const specs = specsFor(await productRefs(client));
  const form = await request.formData();
  const values = formValues(form, specs);
  const read = readProductForm(form, specs);
  if ('error' in read) return { error: read.error, values };
  let id: string;
  try {
    id = (await client.products.createProduct(read.value.product)).id;
  } catch (error) {
    return { error: productFormError(error, specs), values };
  }
  try {
    await saveStock(client, id, read.value.quantity);
  } catch (error) {
    // The product exists: its own page says what went wrong with the stock.
    return redirect(
      `/products/${encodeURIComponent(id)}?stockError=${encodeURIComponent(productFormError(error, specs).message)}`,
    );
  }
  return redirect(`/products/${encodeURIComponent(id)}?created=1`);
}

export function ProductNew() {
  const refs = useLoaderData<typeof productNewLoader>();
  const result = useSettledActionData<typeof productNewAction>();
  usePageTitle('New product');
  return (
    <NewPage
      list="/products"
      noun={['product', 'products']}
      intro={
        <p className="muted small">
          Options, variants, pictures and a digital file come next, on the product’s page.
        </p>
      }
      error={result?.error}
    >
      <ProductFields specs={specsFor(refs)} values={result?.values} error={result?.error} />
    </NewPage>
  );
}
