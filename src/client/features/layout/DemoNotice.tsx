import { useEffect } from 'react';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import { useShop } from '../../lib/shop-context';
import { ui } from '../../lib/ui-state';
import { demoNoticeClosedInBrowser, storeDemoNoticeClosed } from './demo-notice-cookie';

/**
 * While the payment provider takes no real money, every page says so, so nobody takes a demo for a shop that
 * will deliver. Above the sticky header (so it scrolls away on a small screen), in both layouts; one line (a
 * phone shows the first sentence), and the shopper may close it for the rest of the browser session. Not on the
 * offline page (`closable` false): no app script runs there to make the button work.
 */
export function DemoNotice({ closable = true }: { closable?: boolean }) {
  const intl = useIntl();
  const { demo, demoNoticeClosed } = useShop();
  const { demoNoticeClosed: closedHere } = useSnapshot(ui);
  // A page the service worker kept (offline, or the network too slow) was rendered before the shopper closed it.
  useEffect(() => {
    if (demo && !demoNoticeClosed && demoNoticeClosedInBrowser()) ui.demoNoticeClosed = true;
  }, [demo, demoNoticeClosed]);
  if (!demo || demoNoticeClosed || closedHere) return null;
  return (
    <aside className="demo-notice">
      <p className="one-line">
        <span>
          <FormattedMessage id="demo.notice" />
        </span>{' '}
        <span>
          <FormattedMessage id="demo.notice.more" />
        </span>
      </p>
      {closable && (
        <button
          type="button"
          className="icon-button demo-notice__close"
          aria-label={intl.formatMessage({ id: 'demo.notice.close' })}
          onClick={() => {
            storeDemoNoticeClosed();
            ui.demoNoticeClosed = true;
          }}
        >
          <Icon name="close" size={20} />
        </button>
      )}
    </aside>
  );
}
