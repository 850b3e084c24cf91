import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { Kind, print, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { catalogOperationHashes } from '../../shared/generated/catalog-operations';

const modules = import.meta.glob<Record<string, DocumentNode | string>>('./generated/documents/*.ts', { eager: true });
const documents = Object.entries(modules).map(([path, exports]) => ({ path, exports }));

describe('generated client documents', () => {
  it('keeps operations.ts to types, so importing a type never brings every document into a chunk', () => {
    const source = readFileSync(fileURLToPath(new URL('./generated/operations.ts', import.meta.url)), 'utf8');
    expect(source).not.toMatch(/^export (const|let|var|function|class|enum)\b/m);
  });

  it('holds one operation per module, named after it, with the fragments it spreads (and a subscription its text)', () => {
    expect(documents.length).toBeGreaterThan(0);
    for (const { path, exports } of documents) {
      const name = path.replace(/^.*\//, '').replace(/\.ts$/, '');
      const document = exports[`${name}Document`] as DocumentNode;
      const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
      expect(operations.map((o) => o.name?.value)).toEqual([name]);
      const subscription = operations[0]!.operation === 'subscription';
      expect(Object.keys(exports)).toEqual(subscription ? [`${name}Document`, `${name}Text`] : [`${name}Document`]);
      // The live socket sends it (features/live/runtime.ts): the text the browser printed before codegen wrote it.
      if (subscription) expect(exports[`${name}Text`]).toBe(print(addTypenameToDocument(document)));
      const defined = new Set(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [d.name.value] : [])));
      const spread = [...print(document).matchAll(/\.\.\.(\w+)/g)].map((m) => m[1]!).filter((n) => n !== 'on');
      for (const fragment of spread) expect(defined, `${name} spreads ${fragment}`).toContain(fragment);
    }
  });

  it("sends each catalog query as the very text the server keeps for its hash (with the cache's __typename fields)", () => {
    const byName = new Map(documents.map(({ path, exports }) => [path.replace(/^.*\//, '').replace(/\.ts$/, ''), Object.values(exports)[0] as DocumentNode]));
    expect(Object.keys(catalogOperationHashes).length).toBeGreaterThan(0);
    for (const [name, hash] of Object.entries(catalogOperationHashes)) {
      const document = byName.get(name);
      expect(document, name).toBeDefined();
      const operation = document!.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
      // The server's text lists the fragments after the operation by name (codegen.ts); Apollo's cache sees the same set.
      const fragments = document!.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).sort((a, b) => a.name.value.localeCompare(b.name.value));
      const text = print(addTypenameToDocument({ kind: Kind.DOCUMENT, definitions: [operation, ...fragments] }));
      expect(createHash('sha256').update(text).digest('hex'), name).toBe(hash);
    }
  });
});
