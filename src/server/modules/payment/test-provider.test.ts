import { describe, expect, it } from 'vitest';
import { requestedOutcome, testPaymentProvider } from './test-provider';
import type { PaymentOrder } from './provider';

describe('test payment provider', () => {
  it('pays unless the email asks it to fail, with the reason named after fail+', () => {
    expect(requestedOutcome('anna@example.se')).toEqual({ status: 'PAID' });
    expect(requestedOutcome('failing@example.se')).toEqual({ status: 'PAID' });
    expect(requestedOutcome('fail@example.se')).toEqual({ status: 'FAILED', reason: 'GENERAL' });
    expect(requestedOutcome('FAIL+Blocked@example.se')).toEqual({ status: 'FAILED', reason: 'BLOCKED' });
    expect(requestedOutcome('fail+product-out-of-stock@example.se')).toEqual({ status: 'FAILED', reason: 'PRODUCT_OUT_OF_STOCK' });
    expect(requestedOutcome('fail+out-of-stock-or-balance@example.se')).toEqual({ status: 'FAILED', reason: 'OUT_OF_STOCK_OR_BALANCE' });
    expect(requestedOutcome('fail+whatever@example.se')).toEqual({ status: 'FAILED', reason: 'GENERAL' });
  });

  it('redirects like a hosted page would return, and answers the same outcome on completion', async () => {
    const order = {
      orderId: 'abc_def',
      email: 'fail+blocked@example.se',
      returnUrls: { confirm: '/checkout/confirm?order=abc_def', fail: (reason: string) => `/checkout/klarna-fail?order=abc_def&reason=${reason}` },
    } as unknown as PaymentOrder;
    const failed = await testPaymentProvider.createPayment(order);
    expect(failed.redirectUrl).toBe('/checkout/klarna-fail?order=abc_def&reason=BLOCKED');
    expect(await testPaymentProvider.completePayment(failed.reference, {})).toEqual({ status: 'FAILED', reason: 'BLOCKED' });
    const paid = await testPaymentProvider.createPayment({ ...order, email: 'anna@example.se' });
    expect(paid.redirectUrl).toBe('/checkout/confirm?order=abc_def');
    expect(await testPaymentProvider.completePayment(paid.reference, {})).toEqual({ status: 'PAID' });
  });
});
