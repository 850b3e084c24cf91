/**
 * The baseline for bench:api: node:http with no framework, no GraphQL and no validation, running the same
 * SQL the products resolvers run (page, count, SKUs for stock, brands) on the same database.
 */
import { createServer } from 'node:http';
import { openDb } from '../../src/server/db/client';
import { allBrands, countProducts, listProducts, skusByProductIds } from '../../src/server/modules/catalog/catalog-store';
import { toProductFilter } from '../../src/server/modules/catalog/resolvers';
import type { FilterInputType } from '../../src/server/graphql/generated/resolvers-types';

const db = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR });
await db.query('SET pg_trgm.word_similarity_threshold = 0.5');
const server = createServer((req, res) => {
  if (req.method === 'GET') {
    res.end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    try {
      const { variables } = JSON.parse(Buffer.concat(chunks).toString()) as { variables: { filter: FilterInputType } };
      const filter = toProductFilter(variables.filter);
      const [products, count, brands] = await Promise.all([
        listProducts(db, filter, 'sv'),
        countProducts(db, filter, 'sv'),
        allBrands(db, 'sv'),
      ]);
      const skus = await skusByProductIds(db, products.map((p) => p.productId), 'sv');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { products: { count: count.n, countExact: count.exact, products, skus, brands: brands.length } } }));
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
});
// As Fastify does: keep-alive connections outlive the client's reuse, so none is reset mid-run.
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.info('bare server ready'));
process.on('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
