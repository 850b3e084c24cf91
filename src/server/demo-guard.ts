import type { Queryable } from './db/client';
import { DEMO_GIFT_CARDS } from './db/seed/gift-cards';
import { EnvError, type Env } from './env';
import { usableGiftCardCodes } from './modules/gift-card';
import { paymentProvider, type PaymentProvider } from './modules/payment';
import { pendingPaymentProviders } from './modules/order';

/** An https PUBLIC_URL is taken for a real deployment: plain http (npm start, tests) is a local demo. */
export const isDeployment = (env: Pick<Env, 'PUBLIC_URL'>) => Boolean(env.PUBLIC_URL?.startsWith('https://'));

/** Whether demo things (the test provider, the demo gift cards) may exist here: locally, or where ALLOW_DEMO says so. */
export const demoAllowed = (env: Env): boolean => !isDeployment(env) || env.ALLOW_DEMO;

const isDemoProvider = (name: string) => {
  try {
    return paymentProvider(name).demo;
  } catch {
    return false; // an order of a provider no longer registered is not paid by a pretend one either
  }
};

/**
 * In a deployment the test payment provider (every order paid, no money taken) or the demo catalog's gift cards
 * (PRESENTKORTTEST pays anything, and the README publishes it) would give goods away, and so would orders still
 * waiting for the test provider, which the payment sweeper would settle as paid. Such a start is refused with one
 * line saying what to change, unless ALLOW_DEMO says the shop is a demo on purpose.
 */
export async function refuseAccidentalDemo(env: Env, db: Queryable, provider: PaymentProvider): Promise<void> {
  if (demoAllowed(env)) return;
  const deployment = `PUBLIC_URL=${env.PUBLIC_URL} is a deployment`;
  if (provider.demo) {
    throw new EnvError(`Refusing to start: PAYMENT_PROVIDER=${provider.name} takes no real money, and ${deployment}. Configure a real provider, or set ALLOW_DEMO=true for a public demo.`);
  }
  const demoCards = await usableGiftCardCodes(db, DEMO_GIFT_CARDS.map((card) => card.code));
  if (demoCards.length) {
    const codes = demoCards.map((code) => `'${code}'`).join(', ');
    throw new EnvError(
      `Refusing to start: the database holds the demo gift cards ${demoCards.join(', ')}, and ${deployment}. Empty them (UPDATE gift_cards SET balance_minor = 0 WHERE code IN (${codes})), or set ALLOW_DEMO=true for a public demo.`,
    );
  }
  const pretend = (await pendingPaymentProviders(db)).filter(isDemoProvider);
  if (pretend.length) {
    throw new EnvError(
      `Refusing to start: orders still wait for a payment by ${pretend.join(', ')}, which takes no real money, and ${deployment}. Cancel them (setOrderStatus CANCELLED), or set ALLOW_DEMO=true for a public demo.`,
    );
  }
}
