import { useState } from 'react';
import { FormattedMessage, useIntl } from '../../../i18n/intl';
import type { FacetGroup, FacetOption } from './facets';

/** Long facets show their first values (and every ticked one) until the shopper asks for all. */
const COLLAPSED_SIZE = 8;

const headings = {
  categories: 'list.filter.categories',
  brands: 'list.filter.brands',
  campaigns: 'list.filter.campaigns',
  skus: 'list.filter.skus',
} as const;

interface Props {
  group: FacetGroup;
  /** The values ticked right now (the URL's, or the ones being loaded), which may be ahead of the group's. */
  selected: readonly (number | string)[];
  onToggle: (option: FacetOption) => void;
}

export function FacetGroupView({ group, selected, onToggle }: Props) {
  const intl = useIntl();
  const [expanded, setExpanded] = useState(false);
  const long = group.options.length > COLLAPSED_SIZE;
  const isSelected = (o: FacetOption) => selected.includes(o.value);
  const shown = !long || expanded ? group.options : group.options.filter((o, i) => i < COLLAPSED_SIZE || o.selected || isSelected(o));
  const listId = `facet-${group.dimension}`;
  return (
    <fieldset className="facet">
      <legend className="facet__heading">{intl.formatMessage({ id: headings[group.dimension] })}</legend>
      <ul className="facet__options" id={listId}>
        {shown.map((option) => (
          <li key={String(option.value)}>
            <label className="facet__option">
              <input type="checkbox" checked={isSelected(option)} onChange={() => onToggle(option)} />
              <span className="facet__label">{option.label}</span>{' '}
              <span className="facet__count">({option.count})</span>
            </label>
          </li>
        ))}
      </ul>
      {long && (
        <button type="button" className="facet__more" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
          {expanded ? <FormattedMessage id="list.filter.showFewer" /> : <FormattedMessage id="list.filter.showAll" values={{ count: group.options.length }} />}
        </button>
      )}
    </fieldset>
  );
}
