import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildYoga } from '../../graphql/schema';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../testing/app';
import { openWritableTestDb, testDbKinds } from '../../testing/db';

const here = dirname(fileURLToPath(import.meta.url));
const doc = readFileSync(join(here, 'README.md'), 'utf8');
// The server's own schema and validation (limits and all, as in production): graphql's functions from this file
// would be another copy of the module than the one the schema was built with.
const { schema, validate } = buildYoga(() => ({}) as never, { production: true, logger: { error: () => undefined } }).getEnveloped({});
const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter((root): root is GraphQLObjectType => Boolean(root));
const rootFields = roots.flatMap((root) => Object.values(root.getFields()));

/** The root fields whose resolver calls requireAdmin, read from every module's resolvers. */
function fieldsRequiringAdmin(): string[] {
  const modules = join(here, '..');
  const names: string[] = [];
  for (const module of readdirSync(modules)) {
    let source: string;
    try {
      source = readFileSync(join(modules, module, 'resolvers.ts'), 'utf8');
    } catch {
      continue;
    }
    // Each resolver from its `name: async (` to the next one.
    const starts = [...source.matchAll(/^\s+(\w+): async \(/gm)];
    starts.forEach((start, i) => {
      const body = source.slice(start.index, starts[i + 1]?.index ?? source.length);
      if (body.includes('requireAdmin(')) names.push(start[1]!);
    });
  }
  return names;
}

/** Admin operations: signing in, and what says or checks it is for admins only. */
const adminOperations: GraphQLField<unknown, unknown>[] = rootFields.filter(
  (field) => String(field.type).replace(/[[\]!]/g, '') === 'AdminSession' || /\bAdmin only\b/.test(field.description ?? '') || fieldsRequiringAdmin().includes(field.name),
);

/** What schema-printing gives for a field's arguments and type: the form the doc writes each operation in. */
const signature = (field: GraphQLField<unknown, unknown>) => `${field.name}(${field.args.map((arg) => `${arg.name}: ${String(arg.type)}`).join(', ')}): ${String(field.type)}`;

/** The request bodies of the doc's curl example: each `-d '…'` in its sh blocks. */
const examplePayloads = () =>
  [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => [...block[1]!.matchAll(/-d '([^']*)'/g)].map((data) => JSON.parse(data[1]!) as { query: string; variables?: Record<string, unknown> }));

describe('the admin API doc', () => {
  it('finds the admin operations in the schema', () => {
    // Those there were when the doc was written, so a broken search cannot pass for an empty list.
    expect(adminOperations.map((field) => field.name)).toEqual(expect.arrayContaining(['adminLogin', 'setSkuStock', 'setOrderStatus', 'addCustomerCredit', 'createShopAsLink']));
    for (const name of fieldsRequiringAdmin()) expect(rootFields.map((field) => field.name), name).toContain(name);
  });

  it('names every admin operation with its arguments and answer as the schema has them', () => {
    for (const field of adminOperations) {
      expect(doc, field.name).toContain(`### \`${field.name}\``);
      expect(doc, field.name).toContain(`\`${signature(field)}\``);
    }
    // And documents none that is gone.
    for (const [, name] of doc.matchAll(/^### `(\w+)`$/gm)) expect(adminOperations.map((field) => field.name), name).toContain(name);
  });

  it("has a curl example whose GraphQL documents parse and validate against the schema: adminLogin, then setSkuStock", () => {
    const payloads = examplePayloads();
    expect(payloads.map((payload) => /\{\s*(\w+)\(/.exec(payload.query)?.[1])).toEqual(['adminLogin', 'setSkuStock']);
    for (const payload of payloads) expect(validate(schema, parse(payload.query)), payload.query).toEqual([]);
    expect(doc).toMatch(/-H "Authorization: Bearer \$TOKEN"/);
  });
});

describe.each(testDbKinds())('the admin API doc’s example on %s', (kind) => {
  let db: Db;
  let app: TestApp;
  const [login, stock] = examplePayloads();
  const post = (payload: unknown, authorization?: string) =>
    app.fastify.inject({ method: 'POST', url: '/graphql', payload: payload as Record<string, unknown>, headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    db = await openWritableTestDb(kind, 2);
    // The admin the example's first command signs in as.
    const { email, password } = login!.variables as { email: string; password: string };
    app = await createTestApp(db, { ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
  });
  afterAll(async () => {
    await app.stop();
    await app.closePubSub();
    await db.close();
  });

  it('works as written: the token from adminLogin sets the stock', async () => {
    const signedIn = (await post(login)).json() as { data: { adminLogin: { token: string } } };
    const token = signedIn.data.adminLogin.token;
    expect(token).toEqual(expect.any(String));
    const answer = (await post(stock, `Bearer ${token}`)).json() as { data?: { setSkuStock: { skuId: number; stock: { totalStock: number } } }; errors?: unknown };
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.setSkuStock).toMatchObject({ skuId: stock!.variables!.skuId, stock: { totalStock: stock!.variables!.stock } });
    const anonymous = (await post(stock)).json() as { errors: { extensions: { code: string } }[] };
    expect(anonymous.errors[0]!.extensions.code).toBe('UNAUTHENTICATED');
  });
});
