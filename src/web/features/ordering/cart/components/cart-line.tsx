import { Button } from '../../../../components/ui/button';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';

import type { CartOrderItem } from '../../../../../shared/api/cart';
import { useLocalizedPath } from '../../../../lib/use-lang';
import { Link } from 'react-router';
import { businessDay } from '../../../../../shared/delivery-date';
import { steppedQuantity } from '../../../../components/ui/sales-unit';
import { MultipleOffer } from '../../../../components/ui/sales-unit-info';

import { BackorderNote, StockShortNote } from '../../../../components/ui/line-notes';
import { type CartQuantity, useCartQuantity } from '../hooks/use-cart-quantity';

import { CartLineUnitPrice } from './cart-line-unit';

/** Shown when a product has no picture or its picture does not load. */
const fallbackImageUrl = `${import.meta.env.BASE_URL}images/product-placeholder.svg`;

interface Props {
  item: CartOrderItem;
  disabled: boolean;
  /** A new quantity for the line. */
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

function CartLineImage({ item }: { item: CartOrderItem }) {
  const { t } = useTranslation('cart');
  const image = item.purchased_entity.product_images[0]?.small_thumbnail;
  return (
    <td className="cart-line-image">
      <img
        src={image ?? fallbackImageUrl}
        alt={t('imageOf', { name: item.title })}
        width={64}
        height={64}
        loading="lazy"
        onError={(event) => {
          if (event.currentTarget.src !== new URL(fallbackImageUrl, window.location.href).href) event.currentTarget.src = fallbackImageUrl;
        }}
      />
    </td>
  );
}

/** The product's name (a link to its page), article number, content and stock notes. */
function CartLineDescription({ item }: { item: CartOrderItem }) {
  const { t } = useTranslation('cart');
  const to = useLocalizedPath();
  return (
    <td>
      <Link to={to(`/assortment/${item.purchased_entity.product_uuid}`)} className="cart-line-title fw-semibold">
        {item.title}
      </Link>
      <div className="text-muted small">{t('articleNumber', { sku: item.purchased_entity.sku })}</div>
      {item.sales_unit?.content ? <div className="text-muted small cart-line-unit-content">{item.sales_unit.content}</div> : null}
      <BackorderNote backorder={item.backorder} asOf={businessDay(new Date())} />
      <StockShortNote short={item.stock_short} />
    </td>
  );
}

/** The quantity with minus and plus (the minus only takes one off above 1, spec section 5). */
function CartLineQuantity({ item, disabled, state }: { item: CartOrderItem; disabled: boolean; state: CartQuantity }) {
  const { t } = useTranslation('cart');
  const { quantity, draft, setDraft, multiple, shown, commit, setTo } = state;
  const name = item.title;
  const fieldId = `cart-quantity-${item.order_item_id}`;
  return (
    <td>
      <InputGroup size="sm" className="quantity-input flex-nowrap">
        <Button
          variant="outline-secondary"
          aria-label={multiple > 1 ? t('quantity.decreaseBy', { name, count: multiple }) : t('quantity.decrease', { name })}
          aria-controls={fieldId}
          disabled={disabled || quantity <= multiple}
          onClick={() => setTo(steppedQuantity(quantity, multiple, -1))}
        >
          −
        </Button>
        <input
          id={fieldId}
          type="number"
          inputMode="numeric"
          min={multiple}
          step={multiple}
          className="form-control text-center"
          aria-label={t('quantity.label', { name })}
          value={draft ?? String(quantity)}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
        <Button
          variant="outline-secondary"
          aria-label={multiple > 1 ? t('quantity.increaseBy', { name, count: multiple }) : t('quantity.increase', { name })}
          aria-controls={fieldId}
          disabled={disabled}
          onClick={() => setTo(steppedQuantity(quantity, multiple, 1))}
        >
          +
        </Button>
      </InputGroup>
      <MultipleOffer quantity={shown} multiple={multiple} name={name} disabled={disabled} onAccept={setTo} />
    </td>
  );
}

/**
 * One line of the cart: picture, description, the quantity with minus and plus (the minus
 * only takes one off above 1, spec section 5), unit price, line total and remove. A typed
 * quantity is sent when the field is left or Enter is pressed.
 */
export function CartLine({ item, disabled, onQuantity, onRemove }: Props) {
  const { t } = useTranslation('cart');
  const quantity = useCartQuantity(item, onQuantity);
  return (
    <tr className="cart-line" data-sku={item.purchased_entity.sku}>
      <CartLineImage item={item} />
      <CartLineDescription item={item} />
      <CartLineQuantity item={item} disabled={disabled} state={quantity} />
      <td className="text-end text-nowrap">
        <CartLineUnitPrice item={item} />
      </td>
      <td className="text-end text-nowrap fw-semibold">{item.total_price.formatted}</td>
      <td className="text-end">
        <Button variant="link" className="text-danger p-1" aria-label={t('remove', { name: item.title })} disabled={disabled} onClick={onRemove}>
          <span aria-hidden="true">✕</span>
        </Button>
      </td>
    </tr>
  );
}
