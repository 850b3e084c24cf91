/**
 * The pages' formatting of their texts, in one place: react-intl (the design card's package) over the catalogs the
 * build compiles to ICU message ASTs (`messages.ts`). Pages, the server's render and the tests import it from here.
 */
import { useIntl as useReactIntl, type IntlShape as ReactIntlShape } from 'react-intl';
import type { UNUSED_INTL_FORMATTERS } from '../../../vite.config';

export { FormattedDate, FormattedMessage, IntlProvider } from 'react-intl';

/** react-intl's `intl` without the formatters the client build leaves out (UNUSED_INTL_FORMATTERS in vite.config.ts). */
export type IntlShape = Omit<ReactIntlShape, (typeof UNUSED_INTL_FORMATTERS)[number]>;

export const useIntl: () => IntlShape = useReactIntl;
