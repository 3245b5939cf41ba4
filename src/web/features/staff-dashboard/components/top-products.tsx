import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';

import type { StaffDashboardResponse } from '../../../../shared/api/staff-dashboard';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TableHead } from '../../../components/ui/table-parts';
import { formatEuro } from '../../../lib/format';

/** This month's best-selling products by turnover excluding VAT. */
export function TopProducts({ products }: { products: StaffDashboardResponse['top_products'] }) {
  const { t } = useTranslation('staff-dashboard');
  if (products.length === 0) return <p className="text-body-secondary mb-0">{t('topProducts.none')}</p>;
  return (
    <ScrollRegion label={t('topProducts.byTurnover')}>
      <Table size="sm" className="mb-0 align-middle">
        <caption className="visually-hidden">{t('topProducts.byTurnover')}</caption>
        <TableHead columns={[t('topProducts.product'), { label: t('topProducts.quantity'), className: 'text-end' }, { label: t('topProducts.turnover'), className: 'text-end' }]} />
        <tbody>
          {products.map((product, i) => (
            <tr key={product.product_id ?? `${product.sku}-${i}`}>
              <td>
                {product.title}
                <div className="small text-body-secondary">{product.sku}</div>
              </td>
              <td className="text-end">{product.quantity}</td>
              <td className="text-end text-nowrap">{formatEuro(product.turnover_cents)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}
