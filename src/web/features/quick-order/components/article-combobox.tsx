import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

import type { Product } from '../../../../shared/api/catalog';
import { useArticleCombobox } from '../hooks/use-article-combobox';

import { Thumbnail } from '../../../components/ui/thumbnail';

interface Props {
  /** The row's number on the page (1-based), for the labels. */
  row: number;
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen: its article number goes in the field, focus to the quantity. */
  onPick: (product: Product) => void;
  /** Enter without a chosen suggestion: on to the quantity. */
  onEnter: () => void;
  inputRef: Ref<HTMLInputElement>;
  describedBy?: string;
  invalid?: boolean;
}

interface SuggestionProps {
  product: Product;
  id: string;
  active: boolean;
  onPick: (product: Product) => void;
}

/** One suggested product: picture, name, article number and the customer's own price. */
function ArticleSuggestion({ product, id, active, onPick }: SuggestionProps) {
  const { t } = useTranslation('quick-order');
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`quick-order-suggestion${active ? ' active' : ''}`}
      // keeps the focus in the field, so a click chooses like Enter does
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(product)}
    >
      <Thumbnail src={product.images[0]?.image_style_uri.small_thumbnail} />
      <span className="quick-order-suggestion-text">
        <span className="d-block fw-semibold">{product.title}</span>
        <span className="d-block small">{t('suggestions.articleNumber', { sku: product.sku })}</span>
      </span>
      <span className="quick-order-suggestion-price">
        {product.price_on_request || !product.price ? t('suggestions.priceOnRequest') : product.price.formatted}
      </span>
    </li>
  );
}

/**
 * The article field of a quick order row, an ARIA 1.2 combobox with a list of suggestions
 * (picture, name, article number, the customer's own price): arrows move through them, Enter
 * chooses, Escape closes; focus stays in the field (aria-activedescendant).
 */
export function ArticleCombobox({ row, value, onChange, onPick, onEnter, inputRef, describedBy, invalid }: Props) {
  const { t } = useTranslation('quick-order');
  const { id, listId, open, active, shown, expanded, activeId, settled, pick, onKeyDown, onInputChange, onBlur } = useArticleCombobox(value, onChange, onPick, onEnter);
  return (
    <div className="quick-order-combobox position-relative">
      <label htmlFor={id} className="visually-hidden">
        {t('rows.articleOfRow', { row })}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="text"
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        value={value}
        onChange={onInputChange}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      <ul id={listId} role="listbox" aria-label={t('suggestions.label', { row })} className="quick-order-suggestions list-unstyled" hidden={!expanded}>
        {shown.map((product, index) => (
          <ArticleSuggestion key={product.id} product={product} id={`${listId}-${index}`} active={index === active} onPick={pick} />
        ))}
      </ul>
      <span role="status" className="visually-hidden">
        {open && settled && value.trim() ? (shown.length > 0 ? t('suggestions.count', { count: shown.length }) : t('suggestions.none')) : ''}
      </span>
    </div>
  );
}
