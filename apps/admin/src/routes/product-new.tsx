import { type ActionFunctionArgs, Form, Link, redirect, useActionData } from 'react-router';
import { ProductFields } from '../components/product-fields.tsx';
import { ErrorNotice, SubmitButton } from '../components/form.ts';
import { productFormError, readProductForm, saveStock } from '../lib/product-form.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';

export async function productNewAction({ request }: ActionFunctionArgs) {
  const client = requireClient();
  const read = readProductForm(await request.formData());
  if ('error' in read) return { error: read.error };
  let id: string;
  try {
    id = (await client.products.createProduct(read.value.product)).id;
  } catch (error) {
    return { error: productFormError(error) };
  }
  try {
    await saveStock(client, id, read.value.quantity);
  } catch (error) {
    // The product exists: its own page says what went wrong with the stock.
    return redirect(
      `/products/${encodeURIComponent(id)}?stockError=${encodeURIComponent(productFormError(error).message)}`,
    );
  }
  return redirect(`/products/${encodeURIComponent(id)}?created=1`);
}

export function ProductNew() {
  const result = useActionData<typeof productNewAction>();
  usePageTitle('New product');
  return (
    <section className="panel stack narrow-panel" aria-labelledby="new-product-title">
      <p className="small">
        <Link to="/products">← All products</Link>
      </p>
      <h1 id="new-product-title">New product</h1>
      <ErrorNotice error={result?.error} />
      <Form method="post" className="stack" noValidate>
        <ProductFields error={result?.error} />
        <SubmitButton pendingText="Creating…">Create product</SubmitButton>
      </Form>
    </section>
  );
}
