import type { Queryable } from '../client';

/** Tables the product batches fill; their secondary indexes are what makes a 100 000-product load slow. */
const PRODUCT_TABLES = [
  'products', 'product_translations', 'product_categories', 'product_parameters', 'skus', 'sku_translations',
  'product_discount_campaigns',
];

export interface DeferredIndex {
  readonly name: string;
  readonly definition: string;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Drops the plain secondary indexes of the product tables so a bulk load does not update them row by row;
 * building them once afterwards is several times faster (GIN indexes especially). Primary keys and unique
 * constraints stay, so the data is still checked while it loads. The definitions are read from the catalog,
 * so whatever the migrations declare is restored exactly.
 */
export async function dropSecondaryIndexes(tx: Queryable): Promise<DeferredIndex[]> {
  const indexes = await tx.query<DeferredIndex>(
    `SELECT ic.relname::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname::text = ANY($1::text[])
        AND NOT i.indisprimary AND NOT i.indisunique
      ORDER BY ic.relname`,
    [PRODUCT_TABLES],
  );
  for (const index of indexes) await tx.query(`DROP INDEX ${quoteIdent(index.name)}`);
  return indexes;
}

export async function restoreIndexes(tx: Queryable, indexes: readonly DeferredIndex[]): Promise<void> {
  for (const index of indexes) await tx.query(index.definition);
}
