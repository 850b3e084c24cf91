import { FormattedMessage } from '../../../i18n/intl';
import { FacetGroupView } from './FacetGroupView';
import type { FacetGroup } from './facets';
import { PriceFilter } from './PriceFilter';
import type { ListSelection, PriceRange } from './selection';
import { toggled, withPrice } from './selection-edits';

interface Props {
  id: string;
  /** Phone and tablet only: on desktop the panel is a sidebar that is always shown (list.css). */
  open: boolean;
  groups: FacetGroup[];
  selection: ListSelection;
  priceBounds: PriceRange | null;
  count: number;
  countExact: boolean;
  onChange: (next: ListSelection) => void;
  onDone: () => void;
}

export function FilterPanel({ id, open, groups, selection, priceBounds, count, countExact, onChange, onDone }: Props) {
  return (
    <aside id={id} className={`list-filters ${open ? 'list-filters--open' : ''}`} aria-labelledby={`${id}-heading`}>
      <h2 className="list-filters__heading" id={`${id}-heading`}>
        <FormattedMessage id="list.filter.heading" />
      </h2>
      {groups.map((group) => (
        <FacetGroupView
          key={group.dimension}
          group={group}
          selected={selection[group.dimension]}
          onToggle={(option) => onChange(toggled(selection, group.dimension, option.value))}
        />
      ))}
      {(priceBounds || selection.price) && <PriceFilter value={selection.price} bounds={priceBounds} onApply={(price) => onChange(withPrice(selection, price))} />}
      <button type="button" className="button button--primary list-filters__done" onClick={onDone}>
        <FormattedMessage id="list.filter.done" values={{ count, exact: countExact }} />
      </button>
    </aside>
  );
}
