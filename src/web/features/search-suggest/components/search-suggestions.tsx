import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import type { SuggestionsResponse } from '../../../../shared/api/search';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { LIST_ID, type SuggestionOption, useSuggestionCombobox } from '../hooks/use-suggestion-combobox';

export { SUGGEST_DELAY_MS } from '../hooks/use-suggestion-combobox';

interface Props {
  /** The header's search box: this listens to its typing, keys and focus. */
  input: RefObject<HTMLInputElement | null>;
  value: string;
  onValue: (value: string) => void;
  /** The URL's search: the text last searched for. */
  initial: string;
}

type Option = (index: number) => SuggestionOption;

function ProductSuggestions({ products, option }: { products: SuggestionsResponse['products']; option: Option }) {
  const { t } = useTranslation('layout');
  return (
    <div role="group" aria-labelledby={`${LIST_ID}-products`}>
      <div role="presentation" id={`${LIST_ID}-products`} className="search-suggestions-heading">
        {t('header.suggestions.products')}
      </div>
      {products.map((product, index) => (
        <div key={product.id} {...option(index)}>
          <Thumbnail src={product.image} />
          <span className="search-suggestion-text">
            <span className="d-block fw-semibold">{product.title}</span>
            <span className="d-block small">{t('header.suggestions.articleNumber', { sku: product.sku })}</span>
          </span>
          <span className="search-suggestion-price">{product.price ? product.price.formatted : t('header.suggestions.priceOnRequest')}</span>
        </div>
      ))}
    </div>
  );
}

/** The categories follow the products: their options are numbered on from `first`. */
function CategorySuggestions({ categories, first, option }: { categories: SuggestionsResponse['categories']; first: number; option: Option }) {
  const { t } = useTranslation('layout');
  return (
    <div role="group" aria-labelledby={`${LIST_ID}-categories`}>
      <div role="presentation" id={`${LIST_ID}-categories`} className="search-suggestions-heading">
        {t('header.suggestions.categories')}
      </div>
      {categories.map((category, index) => (
        <div key={category.id} {...option(first + index)}>
          <span className="search-suggestion-text">{category.name}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * The suggestions of the header search box (issue 20 point 4), loaded on the box's first focus
 * (a default export for React.lazy):
 * the listbox of an ARIA 1.2 combobox whose focus stays in the box (aria-activedescendant).
 * Down and Up move through the products and categories, Enter goes to the highlighted one (a
 * product's page, a category's assortment) or, with none highlighted, searches as before; Escape
 * closes the list, and a second Escape empties the box.
 */
export default function SearchSuggestions({ input, value, onValue, initial }: Props) {
  const { t } = useTranslation('layout');
  const { found, products, categories, count, expanded, option } = useSuggestionCombobox(input, value, onValue, initial);
  return (
    <>
      <div id={LIST_ID} role="listbox" aria-label={t('header.suggestions.label')} className="search-suggestions" hidden={!expanded}>
        {products.length > 0 && <ProductSuggestions products={products} option={option} />}
        {categories.length > 0 && <CategorySuggestions categories={categories} first={products.length} option={option} />}
      </div>
      <span role="status" className="visually-hidden">
        {found ? t('header.suggestions.count', { count }) : ''}
      </span>
    </>
  );
}
