import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Kind, parse, visit, type DefinitionNode, type GraphQLError, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildYoga } from '../schema';

const clientDir = resolve(__dirname, '../../../client');

function graphqlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return graphqlFiles(path);
    return path.endsWith('.graphql') ? [path] : [];
  });
}

/** Every operation the shop's client sends, each with the fragments it spreads (the files share fragments). */
function clientOperations(): { name: string; document: DocumentNode }[] {
  const all = parse(graphqlFiles(clientDir).map((file) => readFileSync(file, 'utf8')).join('\n'));
  const fragments = new Map(
    all.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  return all.definitions
    .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
    .map((operation) => {
      const used = new Set<string>();
      const pending: DefinitionNode[] = [operation];
      for (let next = pending.pop(); next; next = pending.pop()) {
        visit(next, {
          FragmentSpread(spread) {
            const fragment = fragments.get(spread.name.value);
            if (fragment && !used.has(fragment.name.value)) {
              used.add(fragment.name.value);
              pending.push(fragment);
            }
          },
        });
      }
      return {
        name: operation.name?.value ?? '(anonymous)',
        document: { kind: Kind.DOCUMENT, definitions: [operation, ...[...used].map((name) => fragments.get(name)!)] },
      };
    });
}

/** Validates through the server's own envelop: the same rules as POST, GET and the websocket. */
function validator(production = true) {
  const { schema, validate } = buildYoga(() => ({}) as never, { production, logger: { error: () => undefined } }).getEnveloped({});
  return (source: string | DocumentNode): { message: string; code?: unknown }[] => {
    try {
      const errors: readonly GraphQLError[] = validate(schema, typeof source === 'string' ? parse(source) : source);
      return errors.map((e) => ({ message: e.message, code: e.extensions.code }));
    } catch (error) {
      // The depth limit throws its error rather than reporting it; Yoga answers it like the others.
      return [{ message: (error as Error).message }];
    }
  };
}

const card = `productId name alias canonicalUrl images brand { brandId name alias canonicalUrl }
  unitPrice { isDiscounted sellingPriceIncVatFormatted regularPriceIncVatFormatted sellingPriceIncVat discountPercentage }
  stock { inStock totalStock status incoming } skus { skuId }`;
/** The report's query: relatedProducts in itself `levels` deep, inside a product, shallow enough for the depth limit. */
const nestedRelated = (levels: number, limit = 100): string =>
  levels === 0 ? 'name' : `relatedProducts(limit: ${limit}) { name ${nestedRelated(levels - 1, limit)} }`;

describe('operation limits', () => {
  it("pass every operation of the shop's own client", () => {
    const validate = validator();
    const operations = clientOperations();
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(['Layout', 'ProductPage', 'ProductListPage', 'Home', 'Cart']));
    for (const { name, document } of operations) expect(validate(document), name).toEqual([]);
  });

  it('refuse relatedProducts nested in itself, six levels as in the report and even two', () => {
    const validate = validator();
    for (const levels of [6, 2]) {
      const errors = validate(`{ product(alias: "x") { ${nestedRelated(levels)} } }`);
      expect(errors).toContainEqual(expect.objectContaining({ code: 'LIST_NESTED_TOO_DEEPLY' }));
      // Six levels would also be 24^6 products: the cost limit refuses it on its own.
      if (levels === 6) expect(errors).toContainEqual(expect.objectContaining({ code: 'OPERATION_TOO_COSTLY' }));
    }
    // The same through a fragment, and relatedProducts inside a product list.
    expect(
      validate(`{ product(alias: "x") { ...R } } fragment R on Product { relatedProducts { ...S } } fragment S on Product { relatedProducts { name } }`),
    ).toContainEqual(expect.objectContaining({ code: 'LIST_NESTED_TOO_DEEPLY' }));
    expect(validate(`{ products { products { relatedProducts(limit: 1) { name } } } }`)).toContainEqual(
      expect.objectContaining({ code: 'LIST_NESTED_TOO_DEEPLY' }),
    );
    // One level, as the product page asks, passes.
    expect(validate(`{ product(alias: "x") { relatedProducts(limit: 24) { ${card} } } }`)).toEqual([]);
  });

  it('refuse by cost a wide query with large limits, counting limits given by variables at their maximum', () => {
    const validate = validator();
    const aliases = Array.from({ length: 10 }, (_, i) => `p${i}: products(filter: { limit: 100 }) { products { ${card} } }`).join(' ');
    expect(validate(`{ ${aliases} }`)).toContainEqual(expect.objectContaining({ code: 'OPERATION_TOO_COSTLY' }));
    const byVariable = Array.from({ length: 10 }, (_, i) => `p${i}: products(filter: $f) { products { ${card} } }`).join(' ');
    expect(validate(`query ($f: FilterInputType) { ${byVariable} }`)).toContainEqual(
      expect.objectContaining({ code: 'OPERATION_TOO_COSTLY' }),
    );
    // A cart may hold 100 lines: their related products count as 100 lists.
    expect(validate(`{ getCart(id: "x") { items { product { relatedProducts(limit: 24) { ${card} } } } } }`)).toContainEqual(
      expect.objectContaining({ code: 'OPERATION_TOO_COSTLY' }),
    );
    // Facets run six aggregate queries each, however few values they answer.
    const facets = Array.from({ length: 12 }, (_, i) => `f${i}: products(filter: { offset: ${i} }) { count facets { brands { id count } } }`);
    expect(validate(`{ ${facets.join(' ')} }`)).toContainEqual(expect.objectContaining({ code: 'OPERATION_TOO_COSTLY' }));
    // The report's six aliased text searches with every facet (each up to 0.9 s on the embedded database).
    const facetBlock = 'facets { brands { id count } categories { id count } discountCampaigns { id count } skus { id count } parameters { name values { id count } } price { min max } }';
    const searches = Array.from({ length: 6 }, (_, i) => `s${i}: products(filter: { searchText: "mario ${i}", limit: 24 }) { count ${facetBlock} products { ${card} } }`);
    expect(validate(`{ ${searches.join(' ')} }`)).toContainEqual(expect.objectContaining({ code: 'OPERATION_TOO_COSTLY' }));
    // The same lists with small pages pass.
    const small = Array.from({ length: 10 }, (_, i) => `p${i}: products(filter: { limit: 5 }) { products { ${card} } }`).join(' ');
    expect(validate(`{ ${small} }`)).toEqual([]);
  });

  it('refuse cheaply a document whose fragments double at every step', () => {
    const validate = validator();
    const fragments = Array.from({ length: 40 }, (_, i) => `fragment F${i + 1} on Product { ...F${i} ...F${i} relatedProducts(limit: 24) { name } }`);
    const document = `{ products(filter: { limit: 100 }) { products { ...F40 } } } fragment F0 on Product { name } ${fragments.join(' ')}`;
    expect(validate(document)).not.toEqual([]);
  });

  it('turn introspection off in production and leave it on in development', () => {
    const introspection = '{ __schema { types { name } } }';
    expect(validator(true)(introspection)).toContainEqual(expect.objectContaining({ code: 'INTROSPECTION_DISABLED' }));
    expect(validator(true)('{ __type(name: "Product") { name } }')).toContainEqual(expect.objectContaining({ code: 'INTROSPECTION_DISABLED' }));
    expect(validator(false)(introspection)).toEqual([]);
    expect(validator(true)('{ shop { __typename variant } }')).toEqual([]);
  });
});
