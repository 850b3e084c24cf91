import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useIntl } from '../../i18n/intl';
import { UNSAFE_DataRouterStateContext, useLocation, useNavigation } from 'react-router';
import { useDelayedFlag } from '../../hooks/use-delayed-flag';
import { pendingRequests, subscribePendingRequests } from '../../lib/pending-requests';

/** The bar appears once a page change has taken 200 ms, runs for 5 s (its CSS), hides 500 ms after the finish. */
export const BAR_THROTTLE_MS = 200;
export const BAR_HIDE_MS = 500;
/** The global spinner only after 1000 ms of waiting for a page or any data request. */
export const SPINNER_DELAY_MS = 1000;

/** `waiting`: a page change under way, the bar not shown yet; `failed`: it ended on the error page (the bar turns red). */
type Phase = 'idle' | 'waiting' | 'running' | 'done' | 'failed';

const noRequests = () => 0;

export function NavigationProgress() {
  const navigation = useNavigation();
  const location = useLocation();
  const intl = useIntl();
  // Only a change of path starts the bar: a list's filters and pages (the query) show their own loading state.
  const changingPage = navigation.state !== 'idle' && navigation.location.pathname !== location.pathname;
  // The route errors the router holds once a navigation has ended: the error page is what it shows.
  const failed = useContext(UNSAFE_DataRouterStateContext)?.errors != null;
  const [phase, setPhase] = useState<Phase>('idle');
  // The phase follows the page change as it starts and ends (set while rendering, so no extra render shows the old one).
  const [wasChanging, setWasChanging] = useState(changingPage);
  // The path shown: a page change that ended shows another, even when its start never rendered.
  const [shownPath, setShownPath] = useState(location.pathname);
  if (wasChanging !== changingPage) {
    setWasChanging(changingPage);
    if (changingPage) setPhase(phase === 'running' ? phase : 'waiting');
    // A failure shows even when it came within the throttle: the shopper should see the tap did not lead anywhere.
    else if (phase === 'waiting' || phase === 'running') setPhase(failed ? 'failed' : phase === 'running' ? 'done' : 'idle');
  }
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    // React renders the router's transitions together when one comes before the last is done (another transition
    // under way, a busy phone), so a page change's start and its end can be one render: its failure shows all the same.
    if (!changingPage) {
      if (failed) setPhase('failed');
      // A page that came at once after one that failed: the red bar does not stay over it.
      else if (phase === 'failed') setPhase('idle');
    }
  }
  useEffect(() => {
    if (phase !== 'waiting') return;
    const shown = window.setTimeout(() => setPhase('running'), BAR_THROTTLE_MS);
    return () => window.clearTimeout(shown);
  }, [phase]);
  useEffect(() => {
    if (phase !== 'done' && phase !== 'failed') return;
    const hide = window.setTimeout(() => setPhase('idle'), BAR_HIDE_MS);
    return () => window.clearTimeout(hide);
  }, [phase]);
  const requests = useSyncExternalStore(subscribePendingRequests, pendingRequests, noRequests);
  const spinner = useDelayedFlag(navigation.state !== 'idle' || requests > 0, SPINNER_DELAY_MS);
  const visible = phase === 'running' || phase === 'done' || phase === 'failed';
  return (
    <>
      <div
        className={`progress-bar progress-bar--${phase}`}
        data-state={phase}
        {...(visible ? { role: 'progressbar', 'aria-label': intl.formatMessage({ id: 'progress.page' }) } : { 'aria-hidden': true })}
      />
      {spinner && (
        <div className="global-spinner" role="status" aria-label={intl.formatMessage({ id: 'common.loading' })}>
          <span className="global-spinner__circle" />
        </div>
      )}
    </>
  );
}
