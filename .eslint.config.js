// The repository root keeps to a fixed list of names, so this file has a dot name and `npm run lint` passes
// it with -c. Editors are pointed at it by .vscode/settings.json (src/client/README.md, "Layers").
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);

/** The folders directly in a directory: read on every run, so a new feature or module is covered at once. */
function foldersIn(dir) {
  return fs
    .readdirSync(at(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A folder's test helpers (`*-test-kit.ts`), which other folders' tests may use to build fixtures. */
function testKitsIn(dir) {
  return fs.readdirSync(at(dir)).filter((name) => name.endsWith('-test-kit.ts'));
}

/**
 * One zone per folder of `dir`: its files may import their own folder and the index.ts (and test kits) of a
 * sibling, and nothing else inside `dir`. The index.ts is the folder's public surface; a parts.ts beside it holds
 * what only lazily loaded pages use, so the first route's JS (which imports index.ts) does not carry it.
 */
function publicSurfaceZones(dir, message) {
  const folders = foldersIn(dir);
  return folders.map((folder) => ({
    target: at(dir, folder),
    from: at(dir),
    except: [
      folder,
      ...folders
        .filter((other) => other !== folder)
        .flatMap((other) => [`${other}/index.ts`, `${other}/parts.ts`, ...testKitsIn(path.join(dir, other)).map((kit) => `${other}/${kit}`)]),
    ],
    message,
  }));
}

const client = (folder) => at('src/client', folder);

/**
 * The client's layers, top to bottom: app/ (composition root) → features/ → components/ → hooks/, lib/,
 * i18n/, graphql/ → src/shared. A layer never imports one above it. src/shared is isomorphic and imports
 * neither side; the service worker imports no client or server code.
 */
const layerZones = [
  {
    target: client('features'),
    from: client('app'),
    message: 'Features sit below app/: move what they need into lib/ or hooks/.',
  },
  {
    target: client('components'),
    from: [client('app'), client('features')],
    message: 'components/ sit below app/ and features/: pass what a component needs in, or move the piece down.',
  },
  {
    target: [client('hooks'), client('lib'), client('i18n'), client('graphql')],
    from: [client('app'), client('features'), client('components')],
    message: 'hooks/, lib/, i18n/ and graphql/ are the client\'s lowest layer.',
  },
  {
    target: at('src/client'),
    from: [at('src/server'), at('sw')],
    message: 'Browser code imports no server or service-worker code; shared pieces live in src/shared.',
  },
  {
    target: at('src/shared'),
    from: [at('src/client'), at('src/server'), at('sw')],
    message: 'src/shared runs on both sides and imports neither.',
  },
  {
    target: at('sw'),
    from: [at('src/client'), at('src/server')],
    message: 'The service worker imports no client or server code; shared pieces live in src/shared.',
  },
];

const server = (...parts) => at('src/server', ...parts);

/** What a module's resolvers.ts (its GraphQL edge) may take from graphql/: helpers that import no module. */
const graphqlEdgeHelpers = ['errors.ts', 'input.ts', 'live.ts', 'generated'];

/**
 * The server's layers, one way: the request context, domain errors and the other shared pieces sit below the
 * modules; graphql/ assembles the schema and the context on top of them. Only a module's resolvers.ts speaks
 * GraphQL, and only graphql/schema.ts imports a resolvers.ts, so no import (type imports included, which
 * import-x/no-cycle skips) leads from graphql/ through a module back into graphql/.
 */
const serverZones = [
  {
    target: server('modules/*/!(resolvers|*.test|*-test-kit).{ts,tsx}'),
    from: server('graphql'),
    message:
      "Only a module's resolvers.ts imports graphql/: services, stores and models take request-context.ts, throw domain-error.ts and name generated/api-types.ts.",
  },
  {
    target: server('modules/*/resolvers.ts'),
    from: server('graphql'),
    except: graphqlEdgeHelpers,
    message: `A resolvers.ts takes only the GraphQL edge's helpers (${graphqlEdgeHelpers.join(', ')}); the context type is request-context.ts.`,
  },
  {
    target: server('modules'),
    from: server('modules/*/resolvers.ts'),
    message: 'Only graphql/schema.ts imports a resolvers.ts: a module reaching one would lead back through graphql/.',
  },
  {
    target: graphqlEdgeHelpers.map((helper) => server('graphql', helper)),
    from: server('modules'),
    message: "The GraphQL edge's helpers sit below the modules (the generated resolver types name only their models.ts).",
  },
  {
    target: ['request-context.ts', 'domain-error.ts', 'signed-in.ts', 'idempotency-key.ts', 'pubsub.ts', 'i18n.ts', 'env.ts', 'limits', 'db', 'security', 'generated'].map((name) => server(name)),
    from: [server('modules'), server('graphql')],
    message: 'This sits below the modules and graphql/: it imports neither.',
  },
];

const boundaryZones = [
  ...layerZones,
  ...serverZones,
  ...publicSurfaceZones('src/client/features', 'A feature imports another feature only through its index.ts.'),
  ...publicSurfaceZones('src/server/modules', 'A server module reaches another only through its index.ts (service functions and types).'),
];

/** Browser globals that do not exist in Node: server code that names one fails only at run time. */
const browserOnlyGlobals = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'indexedDB'].map((name) => ({
  name,
  message: `${name} exists only in the browser; server code runs in Node.`,
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'src/**/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // import-x's TypeScript settings (which files it parses, with which parser), with the resolver that reads tsconfig.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // The rule reads each file on its own: client components that server rendering imports are linted as the
    // client code they are, so nothing under src/server needs an exception.
    files: ['src/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-globals': ['error', ...browserOnlyGlobals] },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
