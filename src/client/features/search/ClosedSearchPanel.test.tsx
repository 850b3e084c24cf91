// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IntlProvider } from '../../i18n/intl';
import { catalogs } from '../../i18n/intl-test-kit';
import { ClosedSearchPanel } from './ClosedSearchPanel';
import { SearchPanel } from './SearchPanel';
import type { SearchSuggestionsState } from './use-search-suggestions';

const idle: SearchSuggestionsState = { term: '', loading: false, suggestions: null, current: false, failed: false, reset: () => undefined };
const inSwedish = (node: React.ReactNode) => renderToString(<IntlProvider locale="sv-SE" messages={catalogs.sv}>{node}</IntlProvider>);
const none = () => undefined;

describe('the closed search panel without the panel’s code', () => {
  for (const showsRecents of [false, true]) {
    it(`is the markup the panel renders closed (${showsRecents ? 'recent' : 'popular'} terms)`, () => {
      const ids = { id: 'p', listboxId: 'p-listbox' };
      const panel = inSwedish(
        <SearchPanel
          {...ids}
          open={false}
          search={idle}
          limit={6}
          languageId="sv"
          options={[]}
          activeIndex={-1}
          optionId={(index) => `p-${index}`}
          showsRecents={showsRecents}
          onPick={none}
          onLinkFollowed={none}
          onSeeAll={none}
          onClearRecents={none}
          onClose={none}
        />,
      );
      expect(inSwedish(<ClosedSearchPanel {...ids} search={idle} showsRecents={showsRecents} />)).toBe(panel);
    });
  }
});
