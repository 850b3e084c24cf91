import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useMatches } from 'react-router';
import { useHydrated } from '../../hooks/use-hydrated';
import { firstPageAsOf } from '../../lib/offline-data';
import { useOnline } from '../../lib/online-status';
import { AS_OF_KEY } from '../../lib/route-context';

/**
 * The header's word that the shopper is offline. The live region is always there (a region added together with
 * its text is often not read out); only its text comes and goes.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div className="offline-banner" role="status">
      {!online && <FormattedMessage id="offline.banner" />}
    </div>
  );
}

/**
 * The time the shown page's data was fetched, when the page came from a copy kept for offline use: the device's
 * copy of the catalog (the loader says so), or the service worker's copy of the first page's HTML (rendered then;
 * known only after hydration, which must match the HTML).
 */
function usePageAsOf(): number | null {
  const matches = useMatches();
  const hydrated = useHydrated();
  const data = matches[matches.length - 1]?.loaderData as Record<string, unknown> | undefined;
  const asOf = data?.[AS_OF_KEY];
  if (typeof asOf === 'number') return asOf;
  // Whatever the history entry (a reload of one made by a client navigation too): leaving the first page clears it.
  return hydrated ? firstPageAsOf() : null;
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * "Prices and stock as of 14:05" above a page shown from the offline copy: they may have changed since. The date is
 * left out when the copy is from the day it is shown (`now`, a parameter so the rule does not depend on the clock).
 */
export function AsOfNote({ now }: { now?: number }) {
  const intl = useIntl();
  const asOf = usePageAsOf();
  if (asOf === null) return null;
  const at = new Date(asOf);
  const time = intl.formatTime(at, { hour: '2-digit', minute: '2-digit' });
  return (
    <p className="as-of-note" role="note">
      <time dateTime={at.toISOString()}>
        {sameDay(at, now === undefined ? new Date() : new Date(now)) ? (
          <FormattedMessage id="offlineData.asOf" values={{ time }} />
        ) : (
          <FormattedMessage id="offlineData.asOfDate" values={{ time, date: intl.formatDate(at, { day: 'numeric', month: 'short' }) }} />
        )}
      </time>
    </p>
  );
}
