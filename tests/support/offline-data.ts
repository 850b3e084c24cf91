import type { Page } from '@playwright/test';

/** The operations whose answers the device's copy holds (from IndexedDB, as the next tab will read them). */
export function storedOperations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it without its store: look first.
    if (!(await indexedDB.databases()).some((d) => d.name === 'retro-offline-data')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('retro-offline-data');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('apollo')) return [];
      const meta = await new Promise<{ entries: Record<string, unknown> } | undefined>((resolve, reject) => {
        const request = db.transaction('apollo').objectStore('apollo').get('meta');
        request.onsuccess = () => resolve(request.result as { entries: Record<string, unknown> } | undefined);
        request.onerror = () => reject(request.error);
      });
      return Object.keys(meta?.entries ?? {}).map((key) => key.slice(0, key.indexOf(':')));
    } finally {
      db.close();
    }
  });
}
