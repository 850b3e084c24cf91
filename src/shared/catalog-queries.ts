import { catalogOperationHashes } from './generated/catalog-operations';

/**
 * Catalog reads go as GET with only their hash (persisted queries), so the answer has a stable URL the service
 * worker can keep; the server looks the text up on its own list. The browser's link, the worker and the server
 * all decide from this one list, so a shopper's own query (cart, checkout) never becomes a cacheable GET.
 */
export const GRAPHQL_PATH = '/graphql';

export interface PersistedQueryExtensions {
  persistedQuery: { version: 1; sha256Hash: string };
}

/** The hash extension for a catalog query; null for any other operation. */
export function persistedQueryExtensions(operationName: string | undefined): PersistedQueryExtensions | null {
  const sha256Hash = operationName ? catalogOperationHashes[operationName] : undefined;
  return sha256Hash ? { persistedQuery: { version: 1, sha256Hash } } : null;
}

/**
 * The GET URL of a catalog query, byte for byte as Apollo's HTTP link builds it (operationName, variables,
 * extensions; JSON in that order), so what the worker fetches at install is what the page asks for later.
 */
export function catalogGetUrl(operationName: string, variables: Record<string, unknown>): string {
  const extensions = persistedQueryExtensions(operationName);
  if (!extensions) throw new Error(`${operationName} is no catalog query`);
  const params = [
    `operationName=${encodeURIComponent(operationName)}`,
    `variables=${encodeURIComponent(JSON.stringify(variables))}`,
    `extensions=${encodeURIComponent(JSON.stringify(extensions))}`,
  ];
  return `${GRAPHQL_PATH}?${params.join('&')}`;
}

/** A GET of a listed catalog query by its own hash, without a query text of its own. */
export function isCatalogGet(url: URL): boolean {
  if (url.pathname !== GRAPHQL_PATH || url.searchParams.has('query')) return false;
  const expected = persistedQueryExtensions(url.searchParams.get('operationName') ?? undefined);
  if (!expected) return false;
  try {
    const sent = JSON.parse(url.searchParams.get('extensions') ?? 'null') as Partial<PersistedQueryExtensions> | null;
    return sent?.persistedQuery?.sha256Hash === expected.persistedQuery.sha256Hash;
  } catch {
    return false;
  }
}

/** The frame's query (menus, channel) of a channel, as the layout loader sends it. */
export function layoutGetUrl(channel: { channelId: string; languageId: string }): string {
  return catalogGetUrl('Layout', { channelId: channel.channelId, languageId: channel.languageId });
}

/** The category tree of a channel, as the layout loader reads it beside the frame's query (and the list pages after it). */
export function categoryTreeGetUrl(channel: { channelId: string; languageId: string }): string {
  return catalogGetUrl('ListCategories', { channelId: channel.channelId, languageId: channel.languageId });
}
