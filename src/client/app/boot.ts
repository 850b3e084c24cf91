import { scriptJson } from '../../shared/script-json';
import type { ShopVariant } from '../../shared/shop';
import type { PersonalisationSettings, TelemetrySettings } from '../../shared/telemetry';
import type { PersistedState } from '../lib/persisted-state';

/** What the server hands the browser to hydrate with, embedded as JSON (not executed, so CSP-safe). */
export interface Boot {
  /** The stylesheets the head links: the shell's, and the shown page's own where it brings one (the checkout's). */
  css: string[];
  persisted: PersistedState;
  variant: ShopVariant;
  gtmId: string | null;
  /** Browser telemetry, when an instrumentation key is configured. */
  telemetry: TelemetrySettings | null;
  /** Cart and customer events for a personalisation service, when a URL is configured. */
  personalisation: PersonalisationSettings | null;
  /** The server's id of the request that rendered this page (its log lines' reqId). */
  requestId: string;
  /** The payment provider takes no real money: every page says this is a demo shop. */
  demo: boolean;
  /** The shopper closed the demo notice in this browser session (its session cookie). */
  demoNoticeClosed: boolean;
  origin: string;
  /** The stored cookie-consent choice; null shows the banner. */
  cookieConsent: boolean | null;
  /** When the server rendered this HTML (epoch ms): a copy the service worker kept shows how old it is. */
  renderedAt: number;
}

export const BOOT_ELEMENT_ID = 'shop-boot';

/**
 * The performance mark the client sets once hydration has committed and the controls that wait for it have switched
 * on (one transition later, start.tsx): benches and tests wait for it.
 */
export const HYDRATED_MARK = 'shop:hydrated';

export function serializeBoot(boot: Boot): string {
  return scriptJson(boot);
}
