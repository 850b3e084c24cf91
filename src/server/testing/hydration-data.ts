/** The router's hydration data in a server-rendered page, as the browser's JSON.parse reads it. */
export function routerHydrationData(html: string): { loaderData: Record<string, { messages?: Record<string, unknown> } | null> } {
  const json = /window\.__staticRouterHydrationData = JSON\.parse\(("(?:[^"\\]|\\.)*")\);/.exec(html)?.[1];
  if (!json) throw new Error('no hydration data in the page');
  return JSON.parse(JSON.parse(json) as string) as ReturnType<typeof routerHydrationData>;
}
