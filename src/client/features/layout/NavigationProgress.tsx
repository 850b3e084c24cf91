import { useEffect, useState } from 'react';
import { useIntl } from '../../i18n/intl';
import { useNavigation } from 'react-router';

/** The bar appears after 200 ms, runs for 5 s, hides 500 ms after the finish. */
const BAR_THROTTLE_MS = 200;
const BAR_HIDE_MS = 500;
/** The global spinner only after 1000 ms of waiting. */
const SPINNER_DELAY_MS = 1000;

type Phase = 'idle' | 'running' | 'done';

export function NavigationProgress() {
  const navigation = useNavigation();
  const intl = useIntl();
  const busy = navigation.state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');
  const [spinner, setSpinner] = useState(false);
  useEffect(() => {
    if (busy) {
      const bar = window.setTimeout(() => setPhase('running'), BAR_THROTTLE_MS);
      const spin = window.setTimeout(() => setSpinner(true), SPINNER_DELAY_MS);
      return () => {
        window.clearTimeout(bar);
        window.clearTimeout(spin);
      };
    }
    const finish = window.setTimeout(() => {
      setSpinner(false);
      setPhase((current) => (current === 'running' ? 'done' : current));
    });
    const hide = window.setTimeout(() => setPhase('idle'), BAR_HIDE_MS);
    return () => {
      window.clearTimeout(finish);
      window.clearTimeout(hide);
    };
  }, [busy]);
  return (
    <>
      <div className={`progress-bar progress-bar--${phase}`} aria-hidden="true" />
      {spinner && busy && (
        <div className="global-spinner" role="status" aria-label={intl.formatMessage({ id: 'common.loading' })}>
          <span className="global-spinner__circle" />
        </div>
      )}
    </>
  );
}
