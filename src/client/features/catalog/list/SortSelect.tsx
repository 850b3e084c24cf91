import { useId } from 'react';
import { FormattedMessage, useIntl } from '../../../i18n/intl';
import type { ProductSort } from '../../../graphql/generated/operations';
import type { SortRules } from './selection';

export function SortSelect({ rules, value, onChange }: { rules: SortRules; value: ProductSort; onChange: (sort: ProductSort) => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="list-sort">
      <label htmlFor={id}>
        <FormattedMessage id="list.sort.label" />
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as ProductSort)}>
        {rules.sorts.map((sort) => (
          <option key={sort} value={sort}>
            {intl.formatMessage({ id: `list.sort.${sort}` })}
          </option>
        ))}
      </select>
    </div>
  );
}
