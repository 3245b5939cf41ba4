import { useIsMutating } from '@tanstack/react-query';
import { Spinner } from '../../../../components/ui/spinner';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Alert } from '../../../../components/ui/alert';
import type { CartOrder } from '../../../../../shared/api/cart';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { TableHead } from '../../../../components/ui/table-parts';
import { useLocalizedPath } from '../../../../lib/use-lang';
import { failureText } from '../../../../lib/api/failure-text';
import { useCart } from '../../../../lib/api/get-cart';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useChangeCartItem } from '../api/change-cart';

import { CartLine } from './cart-line';
import { CartTotals } from './cart-totals';

/** Changes a line's quantity or removes it; owned by the page so a change outlives its line. */
type CartChange = ReturnType<typeof useChangeCartItem>;

/** The lines of the cart, each with its quantity and remove buttons. */
function CartLines({ order, disabled, change }: { order: CartOrder; disabled: boolean; change: CartChange }) {
  const { t } = useTranslation('cart');
  return (
    <Table responsive className="cart-table align-middle">
      <TableHead
        columns={[
          { label: t('columns.image'), hidden: true },
          t('columns.description'),
          t('columns.quantity'),
          { label: t('columns.price'), className: 'text-end' },
          { label: t('columns.total'), className: 'text-end' },
          { label: t('columns.actions'), hidden: true },
        ]}
      />
      <tbody>
        {order.order_items.map((item) => (
          <CartLine
            key={item.order_item_id}
            item={item}
            disabled={disabled}
            onQuantity={(quantity) => change.mutate({ orderId: order.order_id, itemId: item.order_item_id, quantity })}
            onRemove={() => change.mutate({ orderId: order.order_id, itemId: item.order_item_id, quantity: 'remove' })}
          />
        ))}
      </tbody>
    </Table>
  );
}

/** A cart with lines: the free-delivery banner, the lines, and the totals with 'Go to payment'. */
function CartContents({ order, cartLoading, change }: { order: CartOrder; cartLoading: boolean; change: CartChange }) {
  const { t } = useTranslation('cart');
  const to = useLocalizedPath();
  return (
    <div className="row g-4">
      <div className="col-lg-8">
        {order.free_delivery && Number(order.free_delivery.remaining.number) > 0 ? (
          <Alert variant="warning" className="free-delivery-banner">
            {t('freeDelivery.remaining', { amount: order.free_delivery.remaining.formatted })}
          </Alert>
        ) : null}
        <CartLines order={order} disabled={cartLoading} change={change} />
        <Link to={to('/assortment')} className="btn btn-outline-primary">
          {t('continueShopping')}
        </Link>
      </div>
      <div className="col-lg-4">
        <CartTotals order={order}>
          <Link to={to('/cart/checkout')} className={`btn btn-primary btn-lg w-100 ${cartLoading ? 'disabled' : ''}`} aria-disabled={cartLoading}>
            {t('goToPayment')}
          </Link>
        </CartTotals>
      </div>
    </div>
  );
}

function EmptyCart() {
  const { t } = useTranslation('cart');
  const to = useLocalizedPath();
  return (
    <>
      <Alert variant="info">{t('empty')}</Alert>
      <Link to={to('/assortment')} className="btn btn-outline-primary">
        {t('continueShopping')}
      </Link>
    </>
  );
}

/** The cart page (spec section 2): the lines, the totals panel, the free-delivery banner. */
export function CartView() {
  const { t } = useTranslation(['cart', 'errors']);
  usePageTitle(t('title'));
  const cart = useCart();
  const change = useChangeCartItem();
  // cartLoading (spec section 4): any add, patch or delete of the cart under way.
  const cartLoading = useIsMutating() > 0 || cart.isFetching;

  // The server's own (translated) text of a 4xx, else the generic one: never a status text in English.
  const failure = cart.isError ? failureText(cart.error, t('errors:generic')) : null;

  if (cart.isPending) return <PageSpinner />;
  const order: CartOrder | null = cart.data ?? null;
  const empty = !order || order.order_items.length === 0;

  return (
    <section className="cart-page" aria-busy={cartLoading}>
      <div className="d-flex align-items-center gap-3 mb-3">
        <h1 className="page-title mb-0">{t('title')}</h1>
        {cartLoading && !empty ? <Spinner animation="border" size="sm" role="status" aria-label={t('updating')} /> : null}
      </div>
      {failure ? <Alert variant="danger">{failure}</Alert> : null}
      {empty ? <EmptyCart /> : <CartContents order={order} cartLoading={cartLoading} change={change} />}
    </section>
  );
}
