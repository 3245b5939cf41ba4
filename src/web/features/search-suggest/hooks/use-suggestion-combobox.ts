import { type RefObject, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useLang, useLocalizedPath } from '../../../lib/use-lang';
import { askable, useSuggestions } from '../api/get-suggestions';
import { useSearchBoxEvents } from './use-search-box-events';

/** How long typing pauses before the box asks. */
export const SUGGEST_DELAY_MS = 150;

/** The listbox's id (there is one header search box). */
export const LIST_ID = 'header-search-suggestions';

interface Choice {
  key: string;
  href: string;
}

/** Whether the list is open and which option is highlighted; a search made closes the list. */
function useListState(input: RefObject<HTMLInputElement | null>, value: string, initial: string) {
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
  return { open, setOpen, active, setActive };
}

/** The products and categories suggested for the box's text, and where each leads. */
function useSuggestionChoices(open: boolean, value: string) {
  const lang = useLang();
  const to = useLocalizedPath();
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
  return { found, products, categories, choices };
}

/** The box is rendered by the header before this code loads: its combobox state is set here. */
function useComboboxAttributes(input: RefObject<HTMLInputElement | null>, expanded: boolean, activeId: string | undefined) {
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('aria-controls', LIST_ID);
    box.setAttribute('aria-autocomplete', 'list');
    box.setAttribute('autocomplete', 'off');
    box.setAttribute('aria-expanded', String(expanded));
    if (activeId) box.setAttribute('aria-activedescendant', activeId);
    else box.removeAttribute('aria-activedescendant');
  }, [input, expanded, activeId]);
}

export const optionId = (index: number) => `${LIST_ID}-${index}`;

/** The header search box's suggestion list as an ARIA 1.2 combobox whose focus stays in the box. */
export function useSuggestionCombobox(input: RefObject<HTMLInputElement | null>, value: string, onValue: (value: string) => void, initial: string) {
  const navigate = useNavigate();
  const { open, setOpen, active, setActive } = useListState(input, value, initial);
  const { found, products, categories, choices } = useSuggestionChoices(open, value);
  const expanded = choices.length > 0;
  const highlighted = expanded && active >= 0 && active < choices.length ? active : -1;
  useComboboxAttributes(input, expanded, highlighted >= 0 ? optionId(highlighted) : undefined);

  function choose(index: number) {
    const choice = choices[index];
    if (!choice) return;
    setOpen(false);
    setActive(-1);
    void navigate(choice.href);
  }

  useSearchBoxEvents(input, { count: choices.length, open, expanded, highlighted, setOpen, setActive, choose, onValue });

  const option = (index: number) => ({
    id: optionId(index),
    role: 'option' as const,
    'aria-selected': index === highlighted,
    className: `search-suggestion${index === highlighted ? ' active' : ''}`,
    // keeps the focus in the box, so a click chooses as Enter does
    onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
    onClick: () => choose(index),
  });

  return { found, products, categories, count: choices.length, expanded, option };
}

export type SuggestionOption = ReturnType<ReturnType<typeof useSuggestionCombobox>['option']>;
