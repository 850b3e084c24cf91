import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from '../../../i18n/intl';
import { formatPrice, type PriceRange } from './selection';
import { parsePrice } from './selection-edits';

/**
 * Lowest and highest price in kronor. The bounds come from the price facet (the list's cheapest and dearest
 * product with every other filter applied) and show as placeholders; an empty field means no limit.
 */
export function PriceFilter({ value, bounds, onApply }: { value: PriceRange | null; bounds: PriceRange | null; onApply: (price: PriceRange | null) => void }) {
  const intl = useIntl();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim().replace(',', '.');
    onApply(parsePrice(`${field('min')}-${field('max')}`));
  };
  const floor = bounds?.min != null ? Math.floor(bounds.min) : undefined;
  const ceil = bounds?.max != null ? Math.ceil(bounds.max) : undefined;
  return (
    // Keyed by the applied range so the fields follow the URL (back/forward, a removed chip).
    <form className="price-filter" onSubmit={submit} key={value ? formatPrice(value) : 'none'}>
      <fieldset className="facet">
        <legend className="facet__heading">
          <FormattedMessage id="list.filter.price" />
        </legend>
        <div className="price-filter__fields">
          <label>
            <span>{intl.formatMessage({ id: 'list.filter.priceMin' })}</span>
            <input name="min" type="number" inputMode="decimal" min={0} step="any" defaultValue={value?.min ?? ''} placeholder={floor?.toString()} />
          </label>
          <label>
            <span>{intl.formatMessage({ id: 'list.filter.priceMax' })}</span>
            <input name="max" type="number" inputMode="decimal" min={0} step="any" defaultValue={value?.max ?? ''} placeholder={ceil?.toString()} />
          </label>
        </div>
        <button type="submit" className="button">
          <FormattedMessage id="list.filter.priceApply" />
        </button>
      </fieldset>
    </form>
  );
}
