import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Thumbnail } from '../../../components/ui/thumbnail';
import { useLang, useLocalizedPath } from '../../../lib/use-lang';
import { askable, useSuggestions } from '../api/get-suggestions';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';

/** How long typing pauses before the box asks. */
export const SUGGEST_DELAY_MS = 150;

/** The listbox's id (there is one header search box). */
const LIST_ID = 'header-search-suggestions';

interface Props {
  /** The header's search box: this listens to its typing, keys and focus. */
  input: RefObject<HTMLInputElement | null>;
  value: string;
  onValue: (value: string) => void;
  /** The URL's search: the text last searched for. */
  initial: string;
}

interface Choice {
  key: string;
  href: string;
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
  const listId = LIST_ID;
  const { t } = useTranslation('layout');
  const lang = useLang();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  // Open at once when the box has been typed in before this code had loaded (its first focus),
  // unless that was searched for already: the list would open over the results.
  const [open, setOpen] = useState(() => value !== initial && document.activeElement === input.current && askable(value.trim()));
  const [active, setActive] = useState(-1);
  // A search made (the URL's search changed, by the box, a link, back or forward) closes the list,
  // also when this code arrived between the box's submit and the new page.
  const [searched, setSearched] = useState(initial);
  if (initial !== searched) {
    setSearched(initial);
    setOpen(false);
    setActive(-1);
  }
  const term = useDebouncedValue(value.trim(), SUGGEST_DELAY_MS);
  // Asked once typing pauses: never for a text the box no longer holds (the URL's search it
  // started with, when the customer clears the box and types another word).
  const query = useSuggestions(open && term === value.trim() ? term : '', lang);
  const found = open && askable(value.trim()) ? query.data : undefined;
  const products = found?.products ?? [];
  const categories = found?.categories ?? [];
  const choices: Choice[] = [
    ...products.map((p) => ({ key: `p-${p.id}`, href: to(`/assortment/${p.id}`) })),
    ...categories.map((c) => ({ key: `c-${c.id}`, href: `${to('/assortment')}?categories=${c.id}` })),
  ];
  const expanded = choices.length > 0;
  const highlighted = expanded && active >= 0 && active < choices.length ? active : -1;
  const optionId = (index: number) => `${listId}-${index}`;
  const activeId = highlighted >= 0 ? optionId(highlighted) : undefined;

  // The box is rendered by the header before this code loads: its combobox state is set here.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('aria-controls', listId);
    box.setAttribute('aria-autocomplete', 'list');
    box.setAttribute('autocomplete', 'off');
    box.setAttribute('aria-expanded', String(expanded));
    if (activeId) box.setAttribute('aria-activedescendant', activeId);
    else box.removeAttribute('aria-activedescendant');
  }, [input, listId, expanded, activeId]);

  function choose(index: number) {
    const choice = choices[index];
    if (!choice) return;
    setOpen(false);
    setActive(-1);
    void navigate(choice.href);
  }

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onKey = (event: KeyboardEvent) => {
      const count = choices.length;
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        if (!open) setOpen(true);
        else if (count > 0) setActive(highlighted + 1 >= count ? 0 : highlighted + 1);
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        if (count > 0) setActive(highlighted <= 0 ? count - 1 : highlighted - 1);
      } else if (event.key === 'Enter' && highlighted >= 0) {
        // otherwise the form searches for the text, as the spec says
        event.preventDefault();
        choose(highlighted);
      } else if (event.key === 'Enter') {
        // the form searches for the text; the list has had its say
        setOpen(false);
        setActive(-1);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else onValue('');
      }
    };
    // Typing opens the list; leaving the box closes it.
    const onInput = () => {
      setOpen(true);
      setActive(-1);
    };
    const onBlur = () => {
      setOpen(false);
      setActive(-1);
    };
    box.addEventListener('keydown', onKey);
    box.addEventListener('input', onInput);
    box.addEventListener('blur', onBlur);
    return () => {
      box.removeEventListener('keydown', onKey);
      box.removeEventListener('input', onInput);
      box.removeEventListener('blur', onBlur);
    };
  });

  const option = (index: number) => ({
    id: optionId(index),
    role: 'option' as const,
    'aria-selected': index === highlighted,
    className: `search-suggestion${index === highlighted ? ' active' : ''}`,
    // keeps the focus in the box, so a click chooses as Enter does
    onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
    onClick: () => choose(index),
  });

  return (
    <>
      <div id={listId} role="listbox" aria-label={t('header.suggestions.label')} className="search-suggestions" hidden={!expanded}>
        {products.length > 0 && (
          <div role="group" aria-labelledby={`${listId}-products`}>
            <div role="presentation" id={`${listId}-products`} className="search-suggestions-heading">
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
        )}
        {categories.length > 0 && (
          <div role="group" aria-labelledby={`${listId}-categories`}>
            <div role="presentation" id={`${listId}-categories`} className="search-suggestions-heading">
              {t('header.suggestions.categories')}
            </div>
            {categories.map((category, index) => (
              <div key={category.id} {...option(products.length + index)}>
                <span className="search-suggestion-text">{category.name}</span>
              </div>
            ))}
          </div>
        )}
      </div>
      <span role="status" className="visually-hidden">
        {found ? t('header.suggestions.count', { count: choices.length }) : ''}
      </span>
    </>
  );
}
