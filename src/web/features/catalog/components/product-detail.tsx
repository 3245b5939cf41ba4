import { useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import type { ProductDetail as Product } from '../../../../shared/api/catalog';
import type { PriceMutation } from '../../../../shared/api/catalog-actions';
import { usePageTitle } from '../../../lib/use-page-title';
import { quantityOfScaledPrice, useProductPurchase } from '../hooks/use-product-purchase';

import { AddToCartControl } from './add-to-cart-control';
import { AvailabilityNote } from './availability-note';
import { FavoriteButton } from './favorite-button';
import { FoodChangeNotice } from './food/food-change-notice';
import { FoodInformation } from './food/food-information';
import { PriceBadges } from './price-badges';
import { LazyPriceRequestDialog } from './lazy-price-request-dialog';
import { ProductGallery } from './product-gallery';
import { QuoteButton } from './quote-button';
import { ServerHtml } from './server-html';
import { LazySalesUnitInfo } from '../../../components/ui/lazy-sales-unit';
import { UpcomingPriceNote } from './upcoming-price-note';

/**
 * The product page (spec section 2): gallery, name, article number, clickable scaled prices,
 * quantity and add to cart, favourite, quotes, upcoming price note, the notice of changed food
 * information, the Description, Specifications and Food information tabs (a link ending in #food,
 * as the change mail has, opens the last), and the price request dialog.
 */
export function ProductDetail({ product, mutation }: { product: Product; mutation: PriceMutation | undefined }) {
  const { t } = useTranslation('catalog');
  usePageTitle(product.title);
  const purchase = useProductPurchase(product);
  const { hash } = useLocation();
  const [tab, setTab] = useState(() => (hash === '#food' ? 'food' : 'description'));
  const showFood = () => {
    setTab('food');
    // Focusing the tab scrolls it into view; a keyboard user goes on from there into its panel.
    document.getElementById('product-detail-tabs-tab-food')?.focus();
  };

  return (
    <article className="product-detail">
      <div className="row g-4">
        <div className="col-md-6">
          <ProductGallery images={product.images} name={product.title} />
        </div>
        <div className="col-md-6 d-flex flex-column gap-3">
          <div className="d-flex align-items-start gap-2">
            <h1 className="page-title flex-grow-1 mb-0">{product.title}</h1>
            <QuoteButton productName={product.title} quotes={product.quote_product_data} />
            <FavoriteButton productId={product.id} name={product.title} />
          </div>
          <p className="mb-0 text-body-secondary">
            {t('product.articleNumber')}: <span className="fw-semibold">{product.sku}</span>
          </p>
          <PriceBadges
            product={product}
            onChoose={(price) => purchase.setQuantity(quantityOfScaledPrice(price.quantity))}
            onRequestPrice={purchase.openPriceRequest}
            className="mb-0"
          />
          <LazySalesUnitInfo unit={product.sales_unit} price={product.price} perPiece={product.price_per_piece} />
          <UpcomingPriceNote mutation={mutation} />
          <AvailabilityNote availability={product.availability} />
          <FoodChangeNotice changes={product.food_changes} onShowFood={showFood} />
          <AddToCartControl idPrefix={`product-detail-${product.id}`} name={product.title} purchase={purchase} />
        </div>
      </div>
      <section className="product-detail-tabs mt-5" aria-label={t('product.details')}>
        <Tabs id="product-detail-tabs" activeKey={tab} onSelect={(key) => setTab(key ?? 'description')} className="mb-3">
          <Tab eventKey="description" title={t('product.description')} className="product-detail-prose">
            <ServerHtml html={product.description.processed} empty={t('product.noDescription')} />
          </Tab>
          <Tab eventKey="specifications" title={t('product.specifications')} className="product-detail-prose">
            <ServerHtml html={product.specifications.processed} empty={t('product.noSpecifications')} />
          </Tab>
          <Tab eventKey="food" title={t('product.food')}>
            <FoodInformation food={product.food} />
          </Tab>
        </Tabs>
      </section>
      <LazyPriceRequestDialog product={product} quantity={purchase.quantity} show={purchase.priceRequestOpen} onHide={purchase.closePriceRequest} />
    </article>
  );
}
