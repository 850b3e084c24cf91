import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './db/client';
import { openWritableTestDb, testDbKinds } from './testing/db';
import { runRetention, type RetentionPeriods } from './retention';

const periods: RetentionPeriods = { emptyGuestCartHours: 24, guestCartDays: 90, idempotencyKeyDays: 30, endedSignInDays: 7 };
// A fixed "now": the rows' ages are set relative to it and it is passed in, and the process's clock shows it too while
// the job runs, so the test means the same on any date.
const NOW = new Date('2031-03-15T12:00:00Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * 60 * 60 * 1000);
const DAY = 24;

describe.each(testDbKinds())('the retention job on %s', (kind) => {
  let db: Db;
  let customerId: number;
  let skuId: number;

  // After the database has opened (its data folder's lock reads the real clock), before each job run.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
  afterEach(() => void vi.useRealTimers());

  beforeAll(async () => {
    db = await openWritableTestDb(kind);
    [{ customer_id: customerId }] = (await db.query<{ customer_id: number }>(
      "INSERT INTO customers (email, password_hash) VALUES ('retention@example.se', 'x') RETURNING customer_id",
    )) as [{ customer_id: number }];
    [{ sku_id: skuId }] = (await db.query<{ sku_id: number }>('SELECT sku_id FROM skus ORDER BY sku_id LIMIT 1')) as [{ sku_id: number }];

    const cart = async (id: string, updatedAt: Date, { items = false, customer = false } = {}) => {
      await db.query('INSERT INTO carts (cart_id, customer_id, created_at, updated_at) VALUES ($1, $2, $3, $3)', [id, customer ? customerId : null, updatedAt]);
      if (items) await db.query('INSERT INTO cart_items (cart_id, sku_id, quantity, unit_price_minor) VALUES ($1, $2, 1, 100)', [id, skuId]);
    };
    await cart('empty-old', ago(2 * DAY));
    await cart('empty-fresh', ago(1));
    await cart('filled-month', ago(30 * DAY), { items: true });
    await cart('filled-old', ago(91 * DAY), { items: true });
    await cart('customer-old', ago(400 * DAY), { items: true, customer: true });
    const key = (cartId: string, key: string, createdAt: Date) =>
      db.query('INSERT INTO cart_idempotency_keys (cart_id, idempotency_key, created_at) VALUES ($1, $2, $3)', [cartId, key, createdAt]);
    await key('filled-month', 'key-old', ago(31 * DAY));
    await key('filled-month', 'key-fresh', ago(29 * DAY));

    const session = (id: string, expiresAt: Date, revokedAt: Date | null) =>
      db.query(
        'INSERT INTO customer_sessions (session_id, customer_id, created_at, expires_at, revoked_at, lifetime_seconds) VALUES ($1, $2, $3, $4, $5, 1800)',
        [id, customerId, ago(60 * DAY), expiresAt, revokedAt],
      );
    await session('00000000-0000-4000-8000-000000000001', ago(8 * DAY), null); // expired 8 days ago: goes
    await session('00000000-0000-4000-8000-000000000002', ago(-DAY), ago(8 * DAY)); // logged out 8 days ago: goes
    await session('00000000-0000-4000-8000-000000000003', ago(6 * DAY), null); // expired 6 days ago: stays
    await session('00000000-0000-4000-8000-000000000004', ago(-DAY), null); // live: stays

    await db.query(
      `INSERT INTO password_reset_keys (key_hash, customer_id, created_at, expires_at, used_at) VALUES
         ('used-long-ago', $1, $2, $3, $2), ('expired-long-ago', $1, $2, $2, NULL), ('live', $1, $4, $5, NULL)`,
      [customerId, ago(10 * DAY), ago(-DAY), ago(1), ago(-1)],
    );
    await db.query(
      `INSERT INTO shop_as_links (link_id, customer_id, admin_id, created_at, expires_at, used_at) VALUES
         ('00000000-0000-4000-8000-0000000000a1', $1, 1, $2, $3, $2), ('00000000-0000-4000-8000-0000000000a2', $1, 1, $4, $5, NULL)`,
      [customerId, ago(10 * DAY), ago(-DAY), ago(1), ago(-1)],
    );
  });
  afterAll(async () => {
    await db.close();
  });

  const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).map((row) => row.id).sort();

  it('deletes only what is past its period, and says how much', async () => {
    const deleted = await runRetention(db, periods, NOW);
    expect(deleted).toEqual({ guestCarts: 2, idempotencyKeys: 1, sessions: 2, resetKeys: 2, shopAsLinks: 1 });

    // A guest cart that stayed empty a day goes; one with goods is kept 90 days; a customer's own cart stays.
    expect(await ids('SELECT cart_id AS id FROM carts')).toEqual(['customer-old', 'empty-fresh', 'filled-month']);
    // The filled cart's lines went with it (cascade); the kept ones keep theirs.
    expect(await ids('SELECT cart_id AS id FROM cart_items')).toEqual(['customer-old', 'filled-month']);
    expect(await ids('SELECT idempotency_key AS id FROM cart_idempotency_keys')).toEqual(['key-fresh']);
    expect(await ids('SELECT session_id::text AS id FROM customer_sessions')).toEqual([
      '00000000-0000-4000-8000-000000000003',
      '00000000-0000-4000-8000-000000000004',
    ]);
    expect(await ids('SELECT key_hash AS id FROM password_reset_keys')).toEqual(['live']);
    expect(await ids('SELECT link_id::text AS id FROM shop_as_links')).toEqual(['00000000-0000-4000-8000-0000000000a2']);
  });

  it('finds nothing more on a second round', async () => {
    expect(await runRetention(db, periods, NOW)).toEqual({ guestCarts: 0, idempotencyKeys: 0, sessions: 0, resetKeys: 0, shopAsLinks: 0 });
  });
});
