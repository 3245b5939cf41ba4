import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

import type { Product, ScaledPrice } from '../../../../shared/api/catalog';

interface Props {
  product: Pick<Product, 'scaled_prices' | 'price_on_request'>;
  /** Makes each price a button that picks its quantity (the product page). */
  onChoose?: (price: ScaledPrice) => void;
  /** Opens the price request dialog; the 'Price on request' text is its button. */
  onRequestPrice: () => void;
  className?: string;
}

function BadgeText({ price }: { price: ScaledPrice }) {
  const { t } = useTranslation('catalog');
  return (
    <>
      <span className="price-badge-quantity">{t('prices.from', { quantity: price.quantity })}</span>{' '}
      <span className="price-badge-amount">{price.price.formatted}</span>{' '}
      <span className="price-badge-unit">/ {t('prices.unit')}</span>
    </>
  );
}

/**
 * The customer's scaled prices, each 'from N' with its price per 'st.' (spec sections 2 and 9),
 * or 'Price on request' when their price list has none for this product (spec section 5).
 */
export function PriceBadges({ product, onChoose, onRequestPrice, className = '' }: Props) {
  const { t } = useTranslation('catalog');
  if (product.price_on_request) {
    return (
      <div className={className}>
        <Button variant="link" className="price-on-request p-0" onClick={onRequestPrice}>
          {t('prices.priceOnRequest')}
        </Button>
      </div>
    );
  }
  if (product.scaled_prices.length === 0) return null;
  return (
    <ul className={`price-badges list-unstyled ${className}`} aria-label={t('prices.label')}>
      {product.scaled_prices.map((price) => (
        <li key={price.quantity}>
          {onChoose ? (
            <button
              type="button"
              className="price-badge price-badge-button"
              title={t('prices.choose', { quantity: price.quantity, price: price.price.formatted })}
              onClick={() => onChoose(price)}
            >
              <BadgeText price={price} />
            </button>
          ) : (
            <span className="price-badge">
              <BadgeText price={price} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
