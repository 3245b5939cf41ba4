import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Product } from '../../../../shared/api/catalog';
import { useSuggestions } from '../hooks/use-suggestions';

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

/**
 * The article field of a quick order row, an ARIA 1.2 combobox with a list of suggestions
 * (picture, name, article number, the customer's own price): arrows move through them, Enter
 * chooses, Escape closes; focus stays in the field (aria-activedescendant).
 */
export function ArticleCombobox({ row, value, onChange, onPick, onEnter, inputRef, describedBy, invalid }: Props) {
  const { t } = useTranslation('quick-order');
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { products, term, settled } = useSuggestions(value, open);
  // the answer may be for what was typed a moment ago; an empty field shows nothing
  const shown = open && term.length > 0 && value.trim().length > 0 ? products : [];
  const expanded = shown.length > 0;
  const activeId = expanded && active >= 0 && active < shown.length ? `${listId}-${active}` : undefined;

  function pick(product: Product) {
    setOpen(false);
    setActive(-1);
    onPick(product);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (shown.length > 0) setActive((current) => (current + 1) % shown.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (shown.length > 0) setActive((current) => (current <= 0 ? shown.length - 1 : current - 1));
        break;
      case 'Enter': {
        event.preventDefault();
        const product = activeId ? shown[active] : undefined;
        if (product) pick(product);
        else {
          setOpen(false);
          onEnter();
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  }

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
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('suggestions.label', { row })} className="quick-order-suggestions list-unstyled" hidden={!expanded}>
        {shown.map((product, index) => (
          <li
            key={product.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`quick-order-suggestion${index === active ? ' active' : ''}`}
            // keeps the focus in the field, so a click chooses like Enter does
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(product)}
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
        ))}
      </ul>
      <span role="status" className="visually-hidden">
        {open && settled && value.trim() ? (shown.length > 0 ? t('suggestions.count', { count: shown.length }) : t('suggestions.none')) : ''}
      </span>
    </div>
  );
}
