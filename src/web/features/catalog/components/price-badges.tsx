import { Button } from '../../../components/ui/button';
import { useTranslation } from 'react-i18next';

import type { Product, ScaledPrice } from '../../../../shared/api/catalog';
import type { SalesUnitCode } from '../../../../shared/api/sales-units';
import { useUnitLabel } from '../../../components/ui/sales-unit';

interface Props {
  product: Pick<Product, 'scaled_prices' | 'price_on_request'> & Partial<Pick<Product, 'sales_unit'>>;
  /** Makes each price a button that picks its quantity (the product page). */
  onChoose?: (price: ScaledPrice) => void;
  /** Opens the price request dialog; the 'Price on request' text is its button. */
  onRequestPrice: () => void;
  className?: string;
}

/** A price is per sales unit: 'st.' for a piece (spec), else the unit's label ('doos'; decision 029). */
function BadgeText({ price, unit }: { price: ScaledPrice; unit: SalesUnitCode }) {
  const { t } = useTranslation('catalog');
  const label = useUnitLabel();
  return (
    <>
      <span className="price-badge-quantity">{t('prices.from', { quantity: price.quantity })}</span>{' '}
      <span className="price-badge-amount">{price.price.formatted}</span>{' '}
      <span className="price-badge-unit">/ {unit === 'piece' ? t('prices.unit') : label(unit)}</span>
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
  const unit = product.sales_unit?.code ?? 'piece';
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
              <BadgeText price={price} unit={unit} />
            </button>
          ) : (
            <span className="price-badge">
              <BadgeText price={price} unit={unit} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
