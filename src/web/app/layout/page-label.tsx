import type { Language } from '../../../shared/lang';
import { useLoadedProductName } from '../../features/catalog/api/get-product';
import { useResolvedPageLabel } from '../../features/content/api/get-translate-path';

export interface PageLabelProps {
  /** The path without language segment. */
  path: string;
  lang: Language;
  /** The crumb's label when the page has no name loaded. */
  fallback: string;
}

/**
 * The current crumb of a product or content page: the product's name or the page's title once
 * the page has loaded it ('General terms and conditions', not its slug; the name, not a uuid).
 */
export function PageLabel({ path, lang, fallback }: PageLabelProps) {
  const contentLabel = useResolvedPageLabel(path, lang);
  const productName = useLoadedProductName(path, lang);
  return (productName ?? contentLabel) || fallback;
}
