import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import type { QuickOrderLine, UsualProduct } from '../../../../shared/api/quick-order';
import { Alert } from '../../../components/ui/alert';
import { formatDay } from '../../../lib/format';
import { LeftOutNotice } from '../../../components/ui/left-out-notice';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useSessionUser } from '../../../lib/session';
import { useLang, useLocalizedPath } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAddQuickOrder } from '../api/add-quick-order';
import { USUAL_PRODUCTS_DAYS, USUAL_SORTS, USUAL_SOURCES } from '../api/contracts';
import { readUsualParams, type UsualSort, type UsualSource, useUsualProducts } from '../api/get-usual-products';
import { readQuantity } from '../hooks/entry-rows';

import { Thumbnail } from '../../../components/ui/thumbnail';
import { QuickOrderPageHeader } from './page-header';
import { startQuantity, usualQuantityOk, UsualQuantity } from './usual-quantity';

function productKey(item: UsualProduct): string {
  return item.product.product_uuid;
}

/**
 * My usual products, /{lang}/usual-products?source=&sort= (issue 18, point 5): what the relation
 * ordered in the last 90 days (or its favourites) with how often, the last quantity and date and
 * the own price; tick, adjust and add the selection in one request.
 */
export function UsualProducts() {
  const { t } = useTranslation(['quick-order', 'common', 'errors']);
  usePageTitle(t('common:pages.usualProducts'));
  const to = useLocalizedPath();
  const lang = useLang();
  const user = useSessionUser();
  const [search, setSearch] = useSearchParams();
  const { source, sort } = readUsualParams(search);
  const usual = useUsualProducts({ source, sort, lang, user: user?.id ?? 0 });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [quantities, setQuantities] = useState<ReadonlyMap<string, string>>(new Map());
  const [leftOut, setLeftOut] = useState<QuickOrderLine[]>([]);
  const add = useAddQuickOrder();
  const days = usual.data?.days ?? USUAL_PRODUCTS_DAYS;
  const items = usual.data?.items ?? [];
  const orderable = items.filter((item) => item.status === 'ok');

  function setParam(name: 'source' | 'sort', value: string, fallback: string) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  const quantityOf = (item: UsualProduct) => quantities.get(productKey(item)) ?? String(startQuantity(item));
  const chosen = orderable.filter((item) => selected.has(productKey(item)));
  // A quantity that is no multiple is not sent: its row offers the next multiple (decision 029).
  const badQuantity = chosen.filter((item) => !usualQuantityOk(item, quantityOf(item)));

  function toggle(item: UsualProduct, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(productKey(item));
      else next.delete(productKey(item));
      return next;
    });
  }

  function addSelected() {
    if (chosen.length === 0 || badQuantity.length > 0) return;
    const rows = chosen.map((item, index) => ({ line: index + 1, article: item.product.sku, quantity: readQuantity(quantityOf(item)) as number }));
    add.mutate(
      { rows },
      {
        onSuccess: (data) => {
          const added = new Set(data.lines.filter((line) => line.added === true).map((line) => line.article));
          setSelected((current) => new Set([...current].filter((key) => !chosen.some((item) => productKey(item) === key && added.has(item.product.sku)))));
          setLeftOut(data.lines.filter((line) => line.added !== true));
        },
      },
    );
  }

  const allChosen = orderable.length > 0 && chosen.length === orderable.length;

  let body;
  if (usual.isPending) body = <PageSpinner />;
  else if (usual.isError) body = <Alert variant="danger">{t('errors:generic')}</Alert>;
  else if (items.length === 0) {
    body = (
      <Alert variant="info" role="status" className="usual-empty">
        <p className="fw-semibold mb-1">{source === 'orders' ? t('quick-order:usual.empty.orders', { days }) : t('quick-order:usual.empty.favourites')}</p>
        <p className="mb-2">{source === 'orders' ? t('quick-order:usual.empty.ordersHint') : t('quick-order:usual.empty.favouritesHint')}</p>
        <div className="d-flex flex-wrap gap-2">
          <Link to={to('/assortment')} className="btn btn-primary btn-sm">
            {t('quick-order:usual.toAssortment')}
          </Link>
          <Link to={to('/quick-order')} className="btn btn-outline-primary btn-sm">
            {t('quick-order:usual.toQuickOrder')}
          </Link>
        </div>
      </Alert>
    );
  } else {
    body = (
      <>
        <div className="table-responsive" tabIndex={0} role="region" aria-labelledby="usual-caption">
          <table className="table align-middle usual-products-table">
            <caption id="usual-caption" className="visually-hidden">
              {t('quick-order:usual.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={t('quick-order:usual.selectAll')}
                    checked={allChosen}
                    disabled={orderable.length === 0}
                    onChange={(event) => setSelected(event.target.checked ? new Set(orderable.map(productKey)) : new Set())}
                  />
                </th>
                <th scope="col">{t('quick-order:usual.columns.product')}</th>
                <th scope="col" className="text-end">
                  {t('quick-order:usual.columns.timesOrdered')}
                </th>
                <th scope="col" className="text-end">
                  {t('quick-order:usual.columns.lastQuantity')}
                </th>
                <th scope="col">{t('quick-order:usual.columns.lastOrdered')}</th>
                <th scope="col" className="text-end">
                  {t('quick-order:usual.columns.price')}
                </th>
                <th scope="col">{t('quick-order:usual.columns.quantity')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const key = productKey(item);
                const title = item.product.title;
                const ok = item.status === 'ok';
                const bad = selected.has(key) && !usualQuantityOk(item, quantityOf(item));
                return (
                  <tr key={key} data-sku={item.product.sku} data-testid="usual-product">
                    <td>
                      <input
                        type="checkbox"
                        className="form-check-input"
                        aria-label={t('quick-order:usual.select', { title })}
                        checked={ok && selected.has(key)}
                        disabled={!ok}
                        onChange={(event) => toggle(item, event.target.checked)}
                      />
                    </td>
                    <td>
                      <span className="d-flex align-items-center gap-2">
                        <Thumbnail src={item.product.image?.small_thumbnail} />
                        <span>
                          <span className="d-block">{title}</span>
                          <span className="d-block small text-body-secondary">{t('quick-order:usual.articleNumber', { sku: item.product.sku })}</span>
                        </span>
                      </span>
                    </td>
                    <td className="text-end">{item.times_ordered}</td>
                    <td className="text-end">{item.last_quantity ?? '–'}</td>
                    <td className="text-nowrap">
                      {item.last_ordered ? formatDay(item.last_ordered) : <span className="small">{t('quick-order:usual.notOrdered', { days })}</span>}
                    </td>
                    <td className="text-end text-nowrap">
                      {ok && item.unit_price ? (
                        item.unit_price.formatted
                      ) : (
                        <span className="quick-order-status quick-order-status-problem">
                          <span aria-hidden="true">⚠</span> {t(`quick-order:usual.status.${item.status === 'ok' ? 'price_on_request' : item.status}`)}
                        </span>
                      )}
                    </td>
                    <td>
                      <UsualQuantity
                        item={item}
                        value={quantityOf(item)}
                        invalid={bad}
                        disabled={!ok}
                        onChange={(value) => setQuantities((current) => new Map(current).set(key, value))}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="d-flex justify-content-end">
          <Button variant="primary" disabled={chosen.length === 0 || badQuantity.length > 0 || add.isPending} onClick={addSelected}>
            {add.isPending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            {t('quick-order:usual.addSelected', { count: chosen.length })}
          </Button>
        </div>
        <LeftOutNotice lines={leftOut} onClose={() => setLeftOut([])} />
      </>
    );
  }

  return (
    <section className="usual-products">
      <QuickOrderPageHeader title={t('quick-order:usual.title')} linkTo='/quick-order' linkText={t('quick-order:usual.toQuickOrder')} />
      <p className="mb-3">{t('quick-order:usual.intro', { days })}</p>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <div role="radiogroup" aria-label={t('quick-order:usual.source.label')} className="btn-group usual-source">
          {USUAL_SOURCES.map((value: UsualSource) => (
            <Fragment key={value}>
              <input
                type="radio"
                className="btn-check"
                id={`usual-source-${value}`}
                name="usual-source"
                value={value}
                checked={source === value}
                onChange={() => {
                  setSelected(new Set());
                  setParam('source', value, 'orders');
                }}
              />
              <label htmlFor={`usual-source-${value}`} className="btn btn-outline-primary">
                {value === 'orders' ? t('quick-order:usual.source.orders', { days }) : t('quick-order:usual.source.favourites')}
              </label>
            </Fragment>
          ))}
        </div>
        <div>
          <label htmlFor="usual-sort" className="form-label small mb-1">
            {t('quick-order:usual.sort.label')}
          </label>
          <select id="usual-sort" className="form-select form-select-sm" value={sort} onChange={(event) => setParam('sort', event.target.value, 'frequency')}>
            {USUAL_SORTS.map((value: UsualSort) => (
              <option key={value} value={value}>
                {t(`quick-order:usual.sort.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
    </section>
  );
}
