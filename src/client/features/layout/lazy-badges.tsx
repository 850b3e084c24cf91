import { lazy } from 'react';

/**
 * The footer's social links and payment and carrier drawings (SVG paths, about 0.7 KiB brotli): rendered by the
 * server like the rest of the footer, their code loads after the first render and they hydrate when it is here.
 */
const badges = () => import('./FooterBadges');
export const SocialLinks = lazy(() => badges().then((module) => ({ default: module.SocialLinks })));
export const PaymentLogos = lazy(() => badges().then((module) => ({ default: module.PaymentLogos })));
