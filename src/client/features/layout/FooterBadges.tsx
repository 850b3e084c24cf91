import { useIntl } from 'react-intl';
import type { ShopContact } from '../../../shared/shop';

const socials = [
  { name: 'Instagram', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01' },
  { name: 'Facebook', path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v7h4v-7h3l1-4h-4V8z' },
  { name: 'YouTube', path: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8zm7 1v6l5-3-5-3z' },
] as const;

/** Social links open in a new tab (external links, spec section 2); the label names the network. */
export function SocialLinks({ profiles }: { profiles: ShopContact['social'] }) {
  const intl = useIntl();
  return (
    <ul className="social-links">
      {socials.map((social) => (
        <li key={social.name}>
          <a href={profiles[social.name]} target="_blank" rel="noopener noreferrer" className="icon-button" aria-label={intl.formatMessage({ id: 'footer.social' }, { name: social.name })}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d={social.path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

const paymentMethods = ['footer.logo.card', 'footer.logo.invoice', 'footer.logo.instalment', 'footer.logo.payLater'] as const;
const carriers = ['PostNord', 'DHL', 'Budbee', 'Instabox'] as const;

/** Payment and carrier marks drawn as text badges: no third-party images, readable by screen readers. */
export function PaymentLogos() {
  const intl = useIntl();
  return (
    <ul className="payment-logos">
      {paymentMethods.map((id) => (
        <li key={id} className="payment-logo">
          {intl.formatMessage({ id })}
        </li>
      ))}
      {carriers.map((name) => (
        <li key={name} className="payment-logo payment-logo--carrier">
          {name}
        </li>
      ))}
    </ul>
  );
}
