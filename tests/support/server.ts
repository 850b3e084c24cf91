import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A port nobody listens on right now, from the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Chosen once in the runner and inherited by its workers through the environment, so every process of a
 * run talks to the same server and its temporary DATA_DIR.
 */
export async function e2eServerSettings(): Promise<{ port: number; dataDir: string }> {
  if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePort());
  if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  return { port: Number(process.env.E2E_PORT), dataDir: process.env.E2E_DATA_DIR };
}
