/**
 * The items of the footer's lists that never change once drawn: drawn by the server, and in the browser only where a
 * list is drawn there (footer-lists.tsx, components/kept-list.tsx).
 */
import { useIntl } from '../../i18n/intl';
import type { ShopContact } from '../../../shared/shop';

const socials = [
  { name: 'Instagram', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01' },
  { name: 'Facebook', path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v7h4v-7h3l1-4h-4V8z' },
  { name: 'YouTube', path: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8zm7 1v6l5-3-5-3z' },
] as const;

/** Social links open in a new tab (external links); the label names the network. */
export function SocialLinkItems({ profiles }: { profiles: ShopContact['social'] }) {
  const intl = useIntl();
  return socials.map((social) => (
    <li key={social.name}>
      <a href={profiles[social.name]} target="_blank" rel="noopener noreferrer" className="icon-button" aria-label={intl.formatMessage({ id: 'footer.social' }, { name: social.name })}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d={social.path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
      </a>
    </li>
  ));
}

/**
 * Generic drawings, not the providers' trademarks: a card, an invoice, an instalment plan and a clock for paying
 * later; a parcel, a van, a bike courier and a locker for the carriers. Each carrier keeps a colour of its own
 * so the row reads as a row of logos. The name is the mark's accessible text.
 */
const PAYMENT_MARKS = [
  { id: 'footer.logo.card', ink: '#1f4fa8', icon: 'M3 6h18v12H3zM3 10h18M6 15h5' },
  { id: 'footer.logo.invoice', ink: '#2d6a4f', icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h5' },
  { id: 'footer.logo.instalment', ink: '#7b3fa0', icon: 'M12 3a9 9 0 1 0 9 9h-9zM15 3.5A9 9 0 0 1 20.5 9H15z' },
  { id: 'footer.logo.payLater', ink: '#b8204a', icon: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 7v5l3 3' },
] as const;

const CARRIER_MARKS = [
  { name: 'PostNord', ink: '#0a6fa8', icon: 'M4 8l8-4 8 4v9l-8 4-8-4zM4 8l8 4 8-4M12 12v9' },
  { name: 'DHL', ink: '#b00010', icon: 'M2 7h12v9H2zM14 10h4l3 3v3h-7M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z' },
  { name: 'Budbee', ink: '#1d5c4a', icon: 'M6 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 18a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15l4-7h5l3 7M9 8h3' },
  { name: 'Instabox', ink: '#a3245a', icon: 'M4 3h16v18H4zM4 9h16M4 15h16M12 3v18' },
] as const;

function Mark({ label, ink, icon }: { label: string; ink: string; icon: string }) {
  return (
    <li className="pay-mark" style={{ color: ink }}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d={icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
      </svg>
      <span className="pay-mark__name">{label}</span>
    </li>
  );
}

/** The ways to pay and the carriers. */
export function PaymentLogoItems() {
  const intl = useIntl();
  return (
    <>
      {PAYMENT_MARKS.map((mark) => (
        <Mark key={mark.id} label={intl.formatMessage({ id: mark.id })} ink={mark.ink} icon={mark.icon} />
      ))}
      {CARRIER_MARKS.map((mark) => (
        <Mark key={mark.name} label={mark.name} ink={mark.ink} icon={mark.icon} />
      ))}
    </>
  );
}
