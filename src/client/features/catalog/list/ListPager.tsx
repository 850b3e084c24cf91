import { FormattedMessage, useIntl } from '../../../i18n/intl';
import { Link } from '../../../components/Link';
import type { MessageId } from '../../../i18n/messages';
import { PAGE_SIZE, type ListSelection } from './selection';
import type { ListNavigation } from './use-list-navigation';

/**
 * "Load more" and "load previous" are links to the wider page range (from..page), replacing the history
 * entry: reload and Back from a product show exactly these products, and ScrollRestoration finds its place.
 * Without JavaScript they are plain links that load the same range.
 */
function PagerLink({ nav, to, messageId }: { nav: ListNavigation; to: ListSelection; messageId: MessageId }) {
  const href = nav.hrefFor(to);
  const loading = nav.isLoading(href);
  return (
    <Link className="button list-pager__button" to={href} replace preventScrollReset aria-disabled={loading || undefined}>
      <FormattedMessage id={loading ? 'list.loading' : messageId} />
    </Link>
  );
}

export function LoadPrevious({ nav, selection }: { nav: ListNavigation; selection: ListSelection }) {
  if (selection.from <= 1) return null;
  return (
    <div className="list-pager list-pager--previous">
      <PagerLink nav={nav} to={{ ...selection, from: selection.from - 1 }} messageId="list.previous" />
    </div>
  );
}

/** A search past its count's threshold (`exact` false) shows its first `total` hits: '1 000+' says there are more. */
export function LoadMore({ nav, selection, shownCount, total, exact }: { nav: ListNavigation; selection: ListSelection; shownCount: number; total: number; exact: boolean }) {
  const intl = useIntl();
  // The position of the last product shown, as the spec's 'Visar {sum} av {total}' counts it.
  const sum = Math.min(total, (selection.from - 1) * PAGE_SIZE + shownCount);
  return (
    <div className="list-pager">
      <p className="list-pager__count" aria-live="polite">
        {intl.formatMessage({ id: 'list.showing' }, { sum, total, exact })}
      </p>
      {total > 0 && (
        <progress className="list-pager__progress" max={total} value={sum} aria-hidden="true" />
      )}
      {sum < total && <PagerLink nav={nav} to={{ ...selection, page: selection.page + 1 }} messageId="list.more" />}
    </div>
  );
}
