/**
 * The pages' formatting of their texts, in one place: react-intl (the design card's package) over the catalogs the
 * build compiles to ICU message ASTs (`messages.ts`). Pages, the server's render and the tests import it from here.
 */
import { useIntl as useReactIntl, type IntlConfig, type IntlShape as ReactIntlShape } from 'react-intl';
import type { UNUSED_INTL_FORMATTERS } from '../../../vite.config';

export { FormattedDate, FormattedMessage, IntlProvider } from 'react-intl';

/** react-intl's `intl` without the formatters the client build leaves out (UNUSED_INTL_FORMATTERS in vite.config.ts). */
export type IntlShape = Omit<ReactIntlShape, (typeof UNUSED_INTL_FORMATTERS)[number]>;

export const useIntl: () => IntlShape = useReactIntl;

/**
 * react-intl's production build says nothing of a missing text and shows its id instead: a text the whole catalog
 * lacks is a bug, said on the console where the browser tests see it. (A text of the first page's catalog that has
 * not come yet is no miss: messages.ts draws it blank and again once it has come.) Its other errors are said in
 * development only, as react-intl's default does.
 */
export const reportMissingText: NonNullable<IntlConfig['onError']> = (error) => {
  if (error.code === 'MISSING_TRANSLATION' || import.meta.env.DEV) console.error(error.message);
};
