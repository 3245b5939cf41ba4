import { CartView } from '../../../features/ordering/cart/components/cart-view';

/** /{lang}/cart: the cart (spec section 2). */
export default function CartPage() {
  return <CartView />;
}
