import { FormattedMessage, useIntl, type IntlShape } from '../../../i18n/intl';
import type { FacetGroup } from './facets';
import type { ListSelection, PriceRange } from './selection';
import { toggled, withoutFilters, withPrice } from './selection-edits';

interface Chip {
  key: string;
  label: string;
  remove: (selection: ListSelection) => ListSelection;
}

export function priceLabel(intl: IntlShape, price: PriceRange): string {
  const min = price.min === null ? null : intl.formatNumber(price.min);
  const max = price.max === null ? null : intl.formatNumber(price.max);
  if (min !== null && max !== null) return intl.formatMessage({ id: 'list.price.range' }, { min, max });
  return min !== null ? intl.formatMessage({ id: 'list.price.from' }, { min }) : intl.formatMessage({ id: 'list.price.to' }, { max });
}

/** Every active filter as a removable chip, plus one button to clear them all. */
export function ActiveFilters({ groups, selection, onChange }: { groups: FacetGroup[]; selection: ListSelection; onChange: (next: ListSelection) => void }) {
  const intl = useIntl();
  // Ticks come from the selection (it may be ahead of the loaded list), names from the facets.
  const chips: Chip[] = groups.flatMap((group) =>
    group.options
      .filter((o) => (selection[group.dimension] as (number | string)[]).includes(o.value))
      .map((o) => ({ key: `${group.dimension}-${o.value}`, label: o.label, remove: (s: ListSelection) => toggled(s, group.dimension, o.value) })),
  );
  if (selection.price) chips.push({ key: 'price', label: priceLabel(intl, selection.price), remove: (s) => withPrice(s, null) });
  if (!chips.length) return null;
  return (
    <div className="active-filters" role="group" aria-label={intl.formatMessage({ id: 'list.filter.active' })}>
      <ul className="active-filters__chips">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="chip"
              aria-label={intl.formatMessage({ id: 'list.filter.remove' }, { label: chip.label })}
              onClick={() => onChange(chip.remove(selection))}
            >
              {chip.label}
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="active-filters__clear" onClick={() => onChange(withoutFilters(selection))}>
        <FormattedMessage id="list.filter.clearAll" />
      </button>
    </div>
  );
}
