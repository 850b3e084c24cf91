import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { closePanel } from '../../lib/ui-state';
import { CartLines } from './CartLines';
import { CartTotals } from './CartTotals';
import { PromoCodeForm } from './CartCodeForm';

/** The open cart panel's lines, promo code and sums: loaded apart from the header, which shows it only once opened. */
export default function CartPanelBody({ cart }: { cart: CartFieldsFragment }) {
  return (
    <div className="cart-panel">
      <CartLines cart={cart} onNavigate={closePanel} />
      <PromoCodeForm cart={cart} />
      <CartTotals cart={cart} />
    </div>
  );
}
