/** An entry of Vite's build manifest (dist/client/.vite/manifest.json), as far as the shop reads it. */
export interface ViteManifestEntry {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** The manifest keys of the client build's two entries (vite.config.ts, `input`): the page's script and the worker. */
export const CLIENT_ENTRY = 'src/client/entry-client.tsx';
export const CLIENT_INTL_WARM_UP = 'src/client/i18n/intl-warm-up.ts';

/**
 * The manifest key of the chunk that makes the tab's Apollo client (src/client/lib/apollo.ts, loaded after the first
 * render: src/client/lib/apollo-client.ts). A shared chunk named after its module, as the device's catalog copy
 * imports the module too; or the module's own key, should it become a chunk of its own.
 */
export function apolloClientChunk(manifest: Readonly<Record<string, ViteManifestEntry>>): string | undefined {
  return Object.keys(manifest).find((key) => key === 'src/client/lib/apollo.ts' || manifest[key]?.name === 'apollo');
}
