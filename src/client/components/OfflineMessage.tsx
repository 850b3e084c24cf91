import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from '../i18n/intl';
import { Head } from './Head';

/** "Du är offline": the title and text every offline page shows, above its own ways to try again. */
export function OfflineMessage({ actions }: { actions: ReactNode }) {
  const intl = useIntl();
  return (
    <>
      <Head title={intl.formatMessage({ id: 'offline.title' })} />
      <h1 className="page__title">
        <FormattedMessage id="offline.title" />
      </h1>
      <p>
        <FormattedMessage id="offline.text" />
      </p>
      <div className="error-page__actions">{actions}</div>
    </>
  );
}
