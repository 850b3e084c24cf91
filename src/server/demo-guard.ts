import type { Queryable } from './db/client';
import { DEMO_GIFT_CARDS } from './db/seed/gift-cards';
import { EnvError, type Env } from './env';
import { usableGiftCardCodes } from './modules/cart/gift-cards';
import type { PaymentProvider } from './modules/checkout/payment';

/**
 * A shop on an https PUBLIC_URL is taken for a real deployment, where the test payment provider (every order
 * paid, no money taken) or the demo catalog's gift cards (PRESENTKORTTEST pays anything, and the README
 * publishes it) would give goods away. Such a start is refused unless ALLOW_DEMO says it is a demo on purpose;
 * plain http (npm start, tests) stays a working demo.
 */
export async function refuseAccidentalDemo(env: Env, db: Queryable, provider: PaymentProvider): Promise<void> {
  if (!env.PUBLIC_URL?.startsWith('https://') || env.ALLOW_DEMO) return;
  if (provider.demo) {
    throw new EnvError(
      `Refusing to start: PAYMENT_PROVIDER=${provider.name} takes no real money, and PUBLIC_URL=${env.PUBLIC_URL} is a deployment. Configure a real provider, or set ALLOW_DEMO=true for a public demo.`,
    );
  }
  const demoCards = await usableGiftCardCodes(db, DEMO_GIFT_CARDS.map((card) => card.code));
  if (demoCards.length) {
    throw new EnvError(
      `Refusing to start: the database holds the demo gift cards ${demoCards.join(', ')}, and PUBLIC_URL=${env.PUBLIC_URL} is a deployment. Use a database without the demo catalog's cards, or set ALLOW_DEMO=true for a public demo.`,
    );
  }
}
