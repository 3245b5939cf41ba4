import Table from 'react-bootstrap/Table';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useTranslation } from 'react-i18next';

import type { IncompleteFoodProduct } from '../../../../shared/api/food-completeness';
import { TableHead } from '../../../components/ui/table-parts';
import { useLang } from '../../../lib/use-lang';

/** How many allergens Annex II names (the contract's list is not imported: page weight, decision 012). */
const ANNEX_II_ALLERGENS = 14;

/** The article number's own column from sm up; on a phone it goes under the name, so that what is missing keeps its room. */
const WIDE = 'd-none d-sm-table-cell';

/**
 * The food products with gaps: article number, name in the staff's language and what is missing,
 * each part named; for allergens and nutrition also which ones.
 */
export function IncompleteFoodTable({ products }: { products: IncompleteFoodProduct[] }) {
  const { t } = useTranslation(['staff', 'catalog']);
  const lang = useLang();
  const detail = (product: IncompleteFoodProduct, gap: IncompleteFoodProduct['missing'][number]): string | null => {
    if (gap === 'allergens') {
      return product.unknown_allergens.length === ANNEX_II_ALLERGENS
        ? t('staff:food.allAllergens')
        : product.unknown_allergens.map((a) => t(`catalog:food.allergens.names.${a}`)).join(', ');
    }
    if (gap === 'nutrition') return product.missing_nutrition.map((n) => t(`staff:food.nutrition.${n}`)).join(', ');
    return null;
  };
  return (
    <ScrollRegion label={t('staff:food.table.caption')}>
      <Table className="incomplete-food-table align-top">
        <caption className="visually-hidden">{t('staff:food.table.caption')}</caption>
        <TableHead columns={[{ label: t('staff:food.table.articleNumber'), className: WIDE }, t('staff:food.table.name'), t('staff:food.table.missing')]} />
        <tbody>
          {products.map((product) => (
            <tr key={product.product_id}>
              <td className={`text-nowrap ${WIDE}`}>
                {product.sku ?? '–'}
                <div className="small text-body-secondary">{product.erp_id}</div>
              </td>
              <td>
                {lang === 'en' ? product.title_en : product.title_nl}
                <div className="small text-body-secondary d-sm-none">
                  {t('staff:food.table.articleNumber')} {product.sku ?? '–'} · {product.erp_id}
                </div>
              </td>
              <td>
                <ul className="list-unstyled mb-0">
                  {product.missing.map((gap) => {
                    const more = detail(product, gap);
                    return (
                      <li key={gap}>
                        {t(`staff:food.gaps.${gap}`)}
                        {more ? <span className="text-body-secondary">: {more}</span> : null}
                      </li>
                    );
                  })}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}
