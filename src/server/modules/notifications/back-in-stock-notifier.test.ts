import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp } from '../../testing/app';
import { testDbKinds } from '../../testing/db';
import { createSku, openCartApp, setStock } from '../cart/cart-test-kit';
import { saveBackInStockRequest } from './back-in-stock-store';
import { notifyBackInStock } from './back-in-stock-notifier';

describe.each(testDbKinds())('back-in-stock notices on %s', (kind) => {
  let db: Db;
  // The app's own notifier runs too: these tests watch what reaches the outbox, whoever queued it.
  openCartApp(kind, (openedDb) => {
    db = openedDb;
  });
  const mailsTo = (email: string) =>
    db.query<{ kind: string; subject: string; text: string }>('SELECT kind, subject, text FROM mail_outbox WHERE to_address = $1', [email]);
  const address = () => `vanta-${randomUUID()}@example.se`;

  it('answers at start a SKU that came back while no instance heard it', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 0 });
    const email = address();
    await saveBackInStockRequest(db, { skuId: sku.skuId, email, languageId: 'sv' });
    // Stock written behind the shop's back: no stockChanged event is told.
    await setStock(db, sku.skuId, 7);
    expect(await mailsTo(email)).toHaveLength(0);
    const restarted = await createTestApp(db, { PUBLIC_URL: 'http://butik.example' });
    try {
      await vi.waitFor(async () => expect(await mailsTo(email)).toHaveLength(1), { timeout: 5_000 });
    } finally {
      await restarted.stop();
      await restarted.closePubSub();
    }
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'backinstock', subject: `${sku.sv} finns i lager igen` });
    expect(mail!.text).toContain(`http://butik.example/p/testspel-${sku.productId}`);
  });

  it('queues one mail per request when several instances hear the same change at once, and none while sold out', async () => {
    const sku = await createSku(db, { priceMinor: 10_000, stock: 0 });
    const email = address();
    await saveBackInStockRequest(db, { skuId: sku.skuId, email, languageId: 'en' });
    const deps = { db, variant: 'games' as const };
    expect(await notifyBackInStock(deps, sku.skuId, sku.productId)).toBe(0);
    await setStock(db, sku.skuId, 2);
    const sent = await Promise.all([1, 2, 3].map(() => notifyBackInStock(deps, sku.skuId, sku.productId)));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await mailsTo(email)).toEqual([expect.objectContaining({ kind: 'backinstock', subject: `${sku.en} is back in stock` })]);
  });
});
