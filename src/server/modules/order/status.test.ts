import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../generated/api-types';
import { canMove, statusLabel } from './status';

const all: OrderStatus[] = ['RECEIVED', 'PROCESSING', 'COMPLETED', 'CANCELLED'];

describe('order status transitions', () => {
  it('allows exactly received → processing → completed and received|processing → cancelled', () => {
    const moves = all.flatMap((from) => all.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`));
    expect(moves.sort()).toEqual(['PROCESSING→CANCELLED', 'PROCESSING→COMPLETED', 'RECEIVED→CANCELLED', 'RECEIVED→PROCESSING']);
  });

  it('labels statuses as the spec does in Swedish, and in English', () => {
    expect(all.map((s) => statusLabel(s, 'sv'))).toEqual(['Mottagen', 'Behandlas', 'Slutförd', 'Avbruten']);
    expect(all.map((s) => statusLabel(s, 'en'))).toEqual(['Received', 'Processing', 'Completed', 'Cancelled']);
  });
});
