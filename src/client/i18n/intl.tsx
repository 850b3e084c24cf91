/**
 * The pages' formatting of their texts, in one place: react-intl (the design card's package) over the catalogs the
 * build compiles to ICU message ASTs (`messages.ts`). Pages, the server's render and the tests import it from here.
 */
export { FormattedDate, FormattedMessage, IntlProvider, useIntl, type IntlShape } from 'react-intl';
