import { ProductPageDocument } from '../../graphql/generated/documents/ProductPage';
import { queryFor } from '../../lib/loader-query';
import { notFound, type LoaderEnv } from '../../lib/route-context';

/** The product page's data: its product by alias, or the not-found page. */
export async function productLoader(env: LoaderEnv, alias: string | undefined) {
  if (!alias) notFound();
  const { product } = await queryFor(env, ProductPageDocument, { alias }, { pageAnswer: true });
  if (!product) notFound();
  return { product, alternates: product.alternates };
}
