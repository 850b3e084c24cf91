import type { ReactNode } from 'react';
import { FormattedMessage } from '../../i18n/intl';
import type { MessageId } from '../../i18n/messages';

/** One numbered step of the checkout: a region named by its heading. */
export function CheckoutStep({ step, name, titleId, children }: { step: number; name: string; titleId: MessageId; children: ReactNode }) {
  const headingId = `checkout-${name}-heading`;
  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 className="checkout-section__title" id={headingId}>
        <span className="checkout-section__step" aria-hidden="true">
          {step}
        </span>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}
