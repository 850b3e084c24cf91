import { afterHydration } from '../../components/after-hydration';

/**
 * Inside the IntlProvider and router: one page view per settled route, from hydration on. The tag manager's page
 * impression and telemetry's page view go out 500 ms after a route settles, so their code loads once the page has
 * hydrated, out of the first route's JS.
 */
export const PageViews = afterHydration(() => import('./tag-manager').then((module) => module.TrackedPageViews));
