import { useTranslation } from 'react-i18next';

import type { UsualProduct } from '../../../../shared/api/quick-order';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { formatDay } from '../../../lib/format';
import { productKey, type UsualSelection } from '../hooks/use-usual-products';

import { UsualQuantity } from './usual-quantity';

interface Props {
  items: readonly UsualProduct[];
  days: number;
  selection: UsualSelection;
}

/** The usual products as a table: tick, how often and when last ordered, the own price, the quantity. */
export function UsualProductsTable({ items, days, selection }: Props) {
  const { t } = useTranslation('quick-order');
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-labelledby="usual-caption">
      <table className="table align-middle usual-products-table">
        <caption id="usual-caption" className="visually-hidden">
          {t('usual.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                className="form-check-input"
                aria-label={t('usual.selectAll')}
                checked={selection.allChosen}
                disabled={selection.orderable.length === 0}
                onChange={(event) => selection.toggleAll(event.target.checked)}
              />
            </th>
            <th scope="col">{t('usual.columns.product')}</th>
            <th scope="col" className="text-end">
              {t('usual.columns.timesOrdered')}
            </th>
            <th scope="col" className="text-end">
              {t('usual.columns.lastQuantity')}
            </th>
            <th scope="col">{t('usual.columns.lastOrdered')}</th>
            <th scope="col" className="text-end">
              {t('usual.columns.price')}
            </th>
            <th scope="col">{t('usual.columns.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <UsualProductRow key={productKey(item)} item={item} days={days} selection={selection} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UsualProductRow({ item, days, selection }: { item: UsualProduct; days: number; selection: UsualSelection }) {
  const { t } = useTranslation('quick-order');
  const title = item.product.title;
  const ok = item.status === 'ok';
  return (
    <tr data-sku={item.product.sku} data-testid="usual-product">
      <td>
        <input
          type="checkbox"
          className="form-check-input"
          aria-label={t('usual.select', { title })}
          checked={ok && selection.isSelected(item)}
          disabled={!ok}
          onChange={(event) => selection.toggle(item, event.target.checked)}
        />
      </td>
      <td>
        <span className="d-flex align-items-center gap-2">
          <Thumbnail src={item.product.image?.small_thumbnail} />
          <span>
            <span className="d-block">{title}</span>
            <span className="d-block small text-body-secondary">{t('usual.articleNumber', { sku: item.product.sku })}</span>
          </span>
        </span>
      </td>
      <td className="text-end">{item.times_ordered}</td>
      <td className="text-end">{item.last_quantity ?? '–'}</td>
      <td className="text-nowrap">
        {item.last_ordered ? formatDay(item.last_ordered) : <span className="small">{t('usual.notOrdered', { days })}</span>}
      </td>
      <td className="text-end text-nowrap">
        {ok && item.unit_price ? (
          item.unit_price.formatted
        ) : (
          <span className="quick-order-status quick-order-status-problem">
            <span aria-hidden="true">⚠</span> {t(`usual.status.${item.status === 'ok' ? 'price_on_request' : item.status}`)}
          </span>
        )}
      </td>
      <td>
        <UsualQuantity
          item={item}
          value={selection.quantityOf(item)}
          invalid={selection.isBad(item)}
          disabled={!ok}
          onChange={(value) => selection.setQuantity(item, value)}
        />
      </td>
    </tr>
  );
}
