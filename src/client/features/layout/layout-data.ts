import type { LayoutData } from './layout-loader';

/**
 * The layout's data among a router's loader data (the route of either language's tree), if it loaded. Apart from
 * the loader, whose code (the layout's query among it) is a chunk of its own: the client's start reads it too.
 */
export function layoutDataOf(loaderData: Readonly<Record<string, unknown>>): { routeId: string; data: LayoutData } | null {
  for (const [routeId, data] of Object.entries(loaderData)) {
    const candidate = data as Partial<LayoutData> | null | undefined;
    if (candidate?.layout && candidate.messages) return { routeId, data: candidate as LayoutData };
  }
  return null;
}
