import DataLoader from 'dataloader';
import type { Queryable } from '../../db/client';
import type { LanguageId } from '../../../shared/locales';
import type { CampaignModel, CategoryModel, ProductModel, ProductParameterModel, SkuModel } from './models';
import {
  activeCampaigns,
  allBrands,
  campaignsByProductIds,
  categoryIdsByProductIds,
  categoryTree,
  parametersByProductIds,
  productsByIds,
  relatedProductsByProductIds,
  skusByProductIds,
  translationAliases,
} from './catalog-store';

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Per-request batching: one query per kind of child, whatever the number of parents in a list. */
export function createCatalogLoaders(db: Queryable) {
  const perLanguage = <V>(create: (languageId: LanguageId) => V) => {
    const cache = new Map<LanguageId, V>();
    return (languageId: LanguageId): V => {
      let value = cache.get(languageId);
      if (!value) {
        value = create(languageId);
        cache.set(languageId, value);
      }
      return value;
    };
  };
  const once = <V>(load: (languageId: LanguageId) => Promise<V>) => perLanguage((languageId) => load(languageId));

  const aliasLoader = (kind: Parameters<typeof translationAliases>[1]) =>
    new DataLoader<number, { languageId: LanguageId; alias: string }[]>(async (ids) => {
      const byId = groupBy(await translationAliases(db, kind, ids), (a) => a.id);
      return ids.map((id) => (byId.get(id) ?? []).map(({ languageId, alias }) => ({ languageId, alias })));
    });

  return {
    product: perLanguage(
      (languageId) =>
        new DataLoader<number, ProductModel | null>(async (ids) => {
          const byId = new Map((await productsByIds(db, ids, languageId)).map((p) => [p.productId, p]));
          return ids.map((id) => byId.get(id) ?? null);
        }),
    ),
    skus: perLanguage(
      (languageId) =>
        new DataLoader<number, SkuModel[]>(async (productIds) => {
          const byProduct = groupBy(await skusByProductIds(db, productIds, languageId), (s) => s.productId);
          return productIds.map((id) => byProduct.get(id) ?? []);
        }),
    ),
    productCampaigns: perLanguage(
      (languageId) =>
        new DataLoader<number, CampaignModel[]>(async (productIds) => {
          const byProduct = groupBy(await campaignsByProductIds(db, productIds, languageId), (r) => r.productId);
          return productIds.map((id) => (byProduct.get(id) ?? []).map((r) => r.campaign));
        }),
    ),
    /** By language and limit: a product list asking related products of each item costs one query. */
    relatedProducts: perLanguage((languageId) => {
      const byLimit = new Map<number, DataLoader<number, ProductModel[]>>();
      return (limit: number) => {
        let loader = byLimit.get(limit);
        if (!loader) {
          loader = new DataLoader<number, ProductModel[]>(async (productIds) => {
            const rows = await relatedProductsByProductIds(db, productIds, languageId, limit);
            const bySource = groupBy(rows, (r) => r.sourceId);
            return productIds.map((id) => (bySource.get(id) ?? []).map((r) => r.product));
          });
          byLimit.set(limit, loader);
        }
        return loader;
      };
    }),
    parameters: perLanguage(
      (languageId) =>
        new DataLoader<number, ProductParameterModel[]>(async (productIds) => {
          const byProduct = groupBy(await parametersByProductIds(db, productIds, languageId), (r) => r.productId);
          return productIds.map((id) => byProduct.get(id) ?? []);
        }),
    ),
    productCategoryIds: new DataLoader<number, number[]>(async (productIds) => {
      const byProduct = groupBy(await categoryIdsByProductIds(db, productIds), (r) => r.productId);
      return productIds.map((id) => (byProduct.get(id) ?? []).map((r) => r.categoryId));
    }),
    categoryTree: once((languageId): Promise<CategoryModel[]> => categoryTree(db, languageId)),
    brands: once((languageId) => allBrands(db, languageId)),
    campaigns: once((languageId) => activeCampaigns(db, languageId)),
    productAliases: aliasLoader('product'),
    campaignAliases: aliasLoader('campaign'),
  };
}

export type CatalogLoaders = ReturnType<typeof createCatalogLoaders>;

const loadersOfOperation = new WeakMap<object, CatalogLoaders>();

/** The operation's loaders, made on first use: their caches last as long as the operation (its context). */
export function catalogLoaders(ctx: { db: Queryable }): CatalogLoaders {
  let loaders = loadersOfOperation.get(ctx);
  if (!loaders) loadersOfOperation.set(ctx, (loaders = createCatalogLoaders(ctx.db)));
  return loaders;
}
