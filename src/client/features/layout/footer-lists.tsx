import { keptList } from '../../components/kept-list';

// The drawings and their labels stay out of the first route (components/kept-list.tsx).
const items = () => import('./FooterBadges');

/** The shop's social profiles, in the footer. */
export const SocialLinks = keptList('social-links', () => items().then((loaded) => loaded.SocialLinkItems));

/** The ways to pay and the carriers, in the footer of both layouts (so the checkout shows them too). */
export const PaymentLogos = keptList('payment-logos', () => items().then((loaded) => loaded.PaymentLogoItems));
