import { useEffect } from 'react';
import { FormattedMessage, useIntl } from '../i18n/intl';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { Link } from '../components/Link';
import { routes } from '../../shared/routes';
import { reportPageStatus, useErrorReport } from '../features/analytics';
import { isOfflineError } from '../lib/route-context';
import { useLanguageId } from '../hooks/use-language';
import { Head } from '../components/Head';
import { OfflineMessage } from '../components/OfflineMessage';

/** Not-found screen for 404, the generic error otherwise, each with a way home. */
export function ErrorPage() {
  const error = useRouteError();
  if (isOfflineError(error)) return <OfflinePage />;
  return <StatusErrorPage error={error} />;
}

function StatusErrorPage({ error }: { error: unknown }) {
  const intl = useIntl();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const languageId = useLanguageId();
  const notFound = status === 404;
  useEffect(() => reportPageStatus(status), [status]);
  useErrorReport(error, status);
  return (
    <div className="page error-page">
      <Head title={intl.formatMessage({ id: notFound ? 'notFound.title' : 'error.title' })} />
      <h1 className="page__title">
        <FormattedMessage id={notFound ? 'notFound.title' : 'error.title'} />
      </h1>
      <p className="error-page__status">{status}</p>
      <p>
        <FormattedMessage id={notFound ? 'notFound.text' : 'error.generic'} />
      </p>
      <Link className="button button--primary" to={routes.home(languageId)}>
        <FormattedMessage id="error.home" />
      </Link>
    </div>
  );
}

/**
 * A page the shop could not fetch because the shopper is offline: says so instead of a status code, and tries
 * the same page again on request (the page's loaders run again; the layout and its menus stay).
 */
function OfflinePage() {
  const languageId = useLanguageId();
  const revalidator = useRevalidator();
  return (
    <div className="page error-page">
      <OfflineMessage
        actions={
          <>
            <button type="button" className="button button--primary" disabled={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
              <FormattedMessage id="offline.retry" />
            </button>
            <Link className="button" to={routes.home(languageId)}>
              <FormattedMessage id="error.home" />
            </Link>
          </>
        }
      />
    </div>
  );
}

/** Last resort when even the frame failed: no menus or messages to use, so plain English text and a link home. */
export function RootErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="page error-page">
      <title>{status === 404 ? 'This page could not be found' : 'An error occurred while showing the error page'}</title>
      <h1>{status === 404 ? 'This page could not be found' : 'An error occurred while showing the error page'}</h1>
      <p className="error-page__status">{status}</p>
      <a className="button" href="/">
        Home
      </a>
    </div>
  );
}
