import { useEffect } from 'react';
import { useIntl } from '../../i18n/intl';
import { useSnapshot } from 'valtio';
import { ui } from '../../lib/ui-state';

/** A notification shows for 5000 ms, then hides. */
export const NOTIFICATION_MS = 5000;

export function Snackbar() {
  const { notification } = useSnapshot(ui);
  const intl = useIntl();
  useEffect(() => {
    if (!notification) return;
    const timer = window.setTimeout(() => {
      if (ui.notification?.id === notification.id) ui.notification = null;
    }, NOTIFICATION_MS);
    return () => window.clearTimeout(timer);
  }, [notification]);
  // The live region stays mounted so screen readers announce each new message.
  return (
    <div className="snackbar-region" role="status" aria-live="polite">
      {notification && (
        <div className={`snackbar snackbar--${notification.kind}`}>
          <span>{notification.text}</span>
          <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={() => (ui.notification = null)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
