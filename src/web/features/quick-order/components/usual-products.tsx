import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { UsualSource } from '../api/get-usual-products';
import { Alert } from '../../../components/ui/alert';
import { LeftOutNotice } from '../../../components/ui/left-out-notice';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useLocalizedPath } from '../../../lib/use-lang';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUsualProductsPage, type UsualSelection } from '../hooks/use-usual-products';

import { QuickOrderPageHeader } from './page-header';
import { UsualProductsFilters } from './usual-products-filters';
import { UsualProductsTable } from './usual-products-table';

/**
 * My usual products, /{lang}/usual-products?source=&sort= (issue 18, point 5): what the relation
 * ordered in the last 90 days (or its favourites) with how often, the last quantity and date and
 * the own price; tick, adjust and add the selection in one request. The state lives in
 * useUsualProductsPage; the parts below only show it.
 */
export function UsualProducts() {
  const { t } = useTranslation(['quick-order', 'common', 'errors']);
  usePageTitle(t('common:pages.usualProducts'));
  const page = useUsualProductsPage();
  const { days } = page;

  let body;
  if (page.pending) body = <PageSpinner />;
  else if (page.failed) body = <Alert variant="danger">{t('errors:generic')}</Alert>;
  else if (page.items.length === 0) body = <UsualProductsEmpty source={page.source} days={days} />;
  else {
    body = (
      <>
        <UsualProductsTable items={page.items} days={days} selection={page.selection} />
        <AddSelected selection={page.selection} />
        <LeftOutNotice lines={page.selection.leftOut} onClose={page.selection.closeLeftOut} />
      </>
    );
  }

  return (
    <section className="usual-products">
      <QuickOrderPageHeader title={t('quick-order:usual.title')} linkTo='/quick-order' linkText={t('quick-order:usual.toQuickOrder')} />
      <p className="mb-3">{t('quick-order:usual.intro', { days })}</p>
      <UsualProductsFilters source={page.source} sort={page.sort} days={days} onSource={page.chooseSource} onSort={page.chooseSort} />
      {body}
    </section>
  );
}

function AddSelected({ selection }: { selection: UsualSelection }) {
  const { t } = useTranslation('quick-order');
  return (
    <div className="d-flex justify-content-end">
      <Button variant="primary" disabled={!selection.canAdd} onClick={selection.addSelected}>
        {selection.adding ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {t('usual.addSelected', { count: selection.chosenCount })}
      </Button>
    </div>
  );
}

function UsualProductsEmpty({ source, days }: { source: UsualSource; days: number }) {
  const { t } = useTranslation('quick-order');
  const to = useLocalizedPath();
  return (
    <Alert variant="info" role="status" className="usual-empty">
      <p className="fw-semibold mb-1">{source === 'orders' ? t('usual.empty.orders', { days }) : t('usual.empty.favourites')}</p>
      <p className="mb-2">{source === 'orders' ? t('usual.empty.ordersHint') : t('usual.empty.favouritesHint')}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link to={to('/assortment')} className="btn btn-primary btn-sm">
          {t('usual.toAssortment')}
        </Link>
        <Link to={to('/quick-order')} className="btn btn-outline-primary btn-sm">
          {t('usual.toQuickOrder')}
        </Link>
      </div>
    </Alert>
  );
}
