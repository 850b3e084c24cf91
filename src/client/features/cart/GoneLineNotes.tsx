import { useSnapshot } from 'valtio';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { cartNotices, notesOfGoneLines } from './cart-notices';

/** Why lines the shopper had are gone (out of stock since): above the lines, or where the empty cart is told. */
export function GoneLineNotes({ cart }: { cart: Pick<CartFieldsFragment, 'items'> | null }) {
  const { bySku } = useSnapshot(cartNotices);
  const notes = notesOfGoneLines(bySku, cart);
  if (notes.length === 0) return null;
  return (
    <ul className="cart-notes">
      {notes.map((note) => (
        <li key={note} className="cart-notes__note">
          {note}
        </li>
      ))}
    </ul>
  );
}
