import type { Db, Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import type { ShopVariant } from '../../../shared/shop';
import type { PubSub } from '../../pubsub';
import { createCatalogLoaders, skuDisplayName } from '../catalog';
import { skuAvailability } from '../inventory';
import { enqueueBackInStockMail } from '../mail';
import { selectWaitedForSkus, takePendingRequests } from './back-in-stock-store';

export interface BackInStockNotifierDeps {
  db: Db;
  pubsub: PubSub;
  variant: ShopVariant;
  /** The shop's public address (PUBLIC_URL): the mail links to the product under it; without it, no link. */
  publicUrl?: string;
  onError: (error: unknown) => void;
}

/** The SKU's name as the shop shows it, and its product page, in one language. */
async function productOf(db: Queryable, skuId: number, productId: number, languageId: LanguageId, publicUrl?: string) {
  const loaders = createCatalogLoaders(db);
  const product = await loaders.product(languageId).load(productId);
  const skus = await loaders.skus(languageId).load(productId);
  const sku = skus.find((s) => s.skuId === skuId);
  const productName = skuDisplayName({ productId, productName: product?.name ?? null, skuName: sku?.name ?? null, hasSiblings: skus.length > 1 });
  const productUrl = product && publicUrl ? new URL(routes.product(product.alias, languageId), publicUrl).toString() : undefined;
  return { productName, productUrl };
}

/**
 * Queues the notice to everyone waiting for the SKU, if it can be bought from the shelf now: the requests are
 * marked answered and the mails queued in one transaction, so each request gets its mail once, also with several
 * instances hearing the same change.
 */
export async function notifyBackInStock(deps: Pick<BackInStockNotifierDeps, 'db' | 'variant' | 'publicUrl'>, skuId: number, productId: number): Promise<number> {
  return deps.db.transaction(async (tx) => {
    if ((await skuAvailability(tx, skuId)) !== 'in-stock') return 0;
    const requests = await takePendingRequests(tx, skuId);
    const products = new Map<LanguageId, Awaited<ReturnType<typeof productOf>>>();
    for (const request of requests) {
      let product = products.get(request.languageId);
      if (!product) {
        product = await productOf(tx, skuId, productId, request.languageId, deps.publicUrl);
        products.set(request.languageId, product);
      }
      await enqueueBackInStockMail(tx, request.email, { languageId: request.languageId, ...product }, deps.variant);
    }
    return requests.length;
  });
}

/**
 * Listens to stockChanged (every write of stock tells it, after its commit) and queues the notices of a SKU that
 * is back on the shelf. At start it first looks at every SKU someone waits for, so a change this instance did not
 * hear (it was down, or the process stopped between the commit and the event) is still answered.
 */
export function startBackInStockNotifier(deps: BackInStockNotifierDeps): { swept: Promise<void>; stop(): Promise<void> } {
  const events = deps.pubsub.subscribe('stockChanged');
  const sweep = (async () => {
    for (const { skuId, productId } of await selectWaitedForSkus(deps.db)) await notifyBackInStock(deps, skuId, productId);
  })();
  const run = async () => {
    await sweep;
    for await (const event of events) {
      if (!event.stock.inStock) continue;
      try {
        await notifyBackInStock(deps, event.skuId, event.productId);
      } catch (error) {
        deps.onError(error);
      }
    }
  };
  const running = run().catch(deps.onError);
  return {
    swept: sweep.then(
      () => undefined,
      () => undefined,
    ),
    async stop() {
      await events.return?.();
      await running;
    },
  };
}
