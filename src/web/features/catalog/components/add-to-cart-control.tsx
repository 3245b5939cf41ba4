import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';

import { CartIcon } from '../../../components/ui/icons';
import { LazyMultipleOffer } from '../../../components/ui/lazy-sales-unit';
import type { useProductPurchase } from '../hooks/use-product-purchase';

import { QuantityInput } from './quantity-input';

interface Props {
  idPrefix: string;
  name: string;
  purchase: ReturnType<typeof useProductPurchase>;
  /** The card shows the cart icon only; the product page also says 'Add to cart'. */
  compact?: boolean;
}

/** The quantity field and the add-to-cart button of a card or product page (spec section 5). */
export function AddToCartControl({ idPrefix, name, purchase, compact = false }: Props) {
  const { t } = useTranslation('catalog');
  const id = `${idPrefix}-quantity`;
  return (
    <>
      <div className={`add-to-cart d-flex gap-2 ${compact ? '' : 'flex-wrap'}`}>
        <QuantityInput
          id={id}
          value={purchase.quantity}
          onChange={purchase.setQuantity}
          label={t('quantity.labelFor', { name })}
          size={compact ? 'sm' : undefined}
          className={compact ? 'quantity-input-compact' : 'quantity-input-wide'}
          multiple={purchase.multiple}
        />
        <Button
          variant="primary"
          size={compact ? 'sm' : undefined}
          className="add-to-cart-button text-nowrap"
          disabled={!purchase.canAdd || purchase.adding}
          aria-label={compact ? t('cart.addName', { name }) : undefined}
          title={compact ? t('cart.add') : undefined}
          onClick={() => {
            // Not a multiple: nothing is added; the offer of the next multiple gets the focus.
            if (!purchase.add()) document.getElementById(`${idPrefix}-offer`)?.focus();
          }}
        >
          {purchase.adding ? <Spinner animation="border" size="sm" aria-hidden="true" /> : <CartIcon size={18} />}
          {compact ? null : <span className="ms-2">{t('cart.add')}</span>}
        </Button>
      </div>
      <LazyMultipleOffer id={`${idPrefix}-offer`} quantity={purchase.quantity} multiple={purchase.multiple} name={name} onAccept={purchase.setQuantity} />
    </>
  );
}
