import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Product } from '../../../../shared/api/catalog';
import type { PriceMutation } from '../../../../shared/api/catalog-actions';
import { useLocalizedPath } from '../../../lib/use-lang';
import { useProductPurchase } from '../hooks/use-product-purchase';

import { AddToCartControl } from './add-to-cart-control';
import { FavoriteButton } from './favorite-button';
import { PriceBadges } from './price-badges';
import { LazyPriceRequestDialog } from './lazy-price-request-dialog';
import { ProductImage } from './product-image';
import { LazySalesUnitInfo } from '../../../components/ui/lazy-sales-unit';

/** The card's storage and diet marks load after the first page (page weight, decision 012). */
const FoodMarks = lazy(() => import('./food/food-marks').then((module) => ({ default: module.FoodMarks })));
/** The quote icon shows only where the relation has a better price: its code loads then. */
const QuoteButton = lazy(() => import('./quote-button').then((module) => ({ default: module.QuoteButton })));
/** So does the note of an upcoming price change, where there is one. */
const UpcomingPriceNote = lazy(() => import('./upcoming-price-note').then((module) => ({ default: module.UpcomingPriceNote })));
/** So does its stock level (decision 030). */
const AvailabilityNote = lazy(() => import('./availability-note').then((module) => ({ default: module.AvailabilityNote })));

/**
 * One product of the assortment (spec section 2): picture, name, article number, prices,
 * upcoming price note, quantity and add to cart, favourite heart, the quote icon, and the
 * storage type and diet marks.
 */
export function ProductCard({ product, mutation }: { product: Product; mutation: PriceMutation | undefined }) {
  const { t } = useTranslation('catalog');
  const to = useLocalizedPath();
  const purchase = useProductPurchase(product);
  const href = to(`/assortment/${product.id}`);

  return (
    <article className="card product-card h-100" aria-labelledby={`product-${product.id}-name`}>
      <div className="product-card-actions">
        {product.quote_product_data.length > 0 ? (
          <Suspense fallback={null}>
            <QuoteButton productName={product.title} quotes={product.quote_product_data} />
          </Suspense>
        ) : null}
        <FavoriteButton productId={product.id} name={product.title} />
      </div>
      {/* the name below is the link for keyboard and screen reader users */}
      <Link to={href} className="product-card-image" tabIndex={-1} aria-hidden="true">
        <ProductImage image={product.images[0]} style="thumbnail" alt="" width={400} height={400} />
      </Link>
      <div className="card-body d-flex flex-column gap-2">
        <div>
          <h2 id={`product-${product.id}-name`} className="product-card-name h6 mb-1">
            <Link to={href}>{product.title}</Link>
          </h2>
          <p className="product-card-sku small text-body-secondary mb-0">
            {t('product.articleNumber')}: {product.sku}
          </p>
        </div>
        <Suspense fallback={null}>
          <FoodMarks marks={product.food_marks} />
        </Suspense>
        <PriceBadges product={product} onRequestPrice={purchase.openPriceRequest} />
        <LazySalesUnitInfo unit={product.sales_unit} price={product.price} perPiece={product.price_per_piece} />
        {mutation ? (
          <Suspense fallback={null}>
            <UpcomingPriceNote mutation={mutation} />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          <AvailabilityNote availability={product.availability} />
        </Suspense>
        <div className="mt-auto pt-1">
          <AddToCartControl idPrefix={`product-${product.id}`} name={product.title} purchase={purchase} compact />
        </div>
      </div>
      <LazyPriceRequestDialog product={product} quantity={purchase.quantity} show={purchase.priceRequestOpen} onHide={purchase.closePriceRequest} />
    </article>
  );
}
