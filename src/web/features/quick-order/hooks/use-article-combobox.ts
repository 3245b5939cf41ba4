import { type ChangeEvent, type Dispatch, type KeyboardEvent, type SetStateAction, useId, useState } from 'react';

import type { Product } from '../../../../shared/api/catalog';

import { useSuggestions } from './use-suggestions';

interface KeyState {
  open: boolean;
  shown: Product[];
  /** The highlighted suggestion, if any. */
  chosen: Product | undefined;
  setOpen: (open: boolean) => void;
  setActive: Dispatch<SetStateAction<number>>;
  pick: (product: Product) => void;
  onEnter: () => void;
}

/** Arrows move through the suggestions, Enter chooses (or goes on to the quantity), Escape closes. */
function onComboboxKey(event: KeyboardEvent<HTMLInputElement>, state: KeyState) {
  const count = state.shown.length;
  switch (event.key) {
    case 'ArrowDown':
      event.preventDefault();
      if (!state.open) state.setOpen(true);
      else if (count > 0) state.setActive((current) => (current + 1) % count);
      break;
    case 'ArrowUp':
      event.preventDefault();
      if (count > 0) state.setActive((current) => (current <= 0 ? count - 1 : current - 1));
      break;
    case 'Enter': {
      event.preventDefault();
      if (state.chosen) state.pick(state.chosen);
      else {
        state.setOpen(false);
        state.onEnter();
      }
      break;
    }
    case 'Escape':
      if (state.open) {
        event.preventDefault();
        state.setOpen(false);
        state.setActive(-1);
      }
      break;
  }
}

/**
 * The state of a quick order row's article combobox: whether its list is open, the highlighted
 * suggestion and the field's handlers; focus stays in the field (aria-activedescendant).
 */
export function useArticleCombobox(value: string, onChange: (value: string) => void, onPick: (product: Product) => void, onEnter: () => void) {
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

  const chosen = activeId ? shown[active] : undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => onComboboxKey(event, { open, shown, chosen, setOpen, setActive, pick, onEnter });
  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(event.target.value);
    setOpen(true);
    setActive(-1);
  };
  const onBlur = () => {
    setOpen(false);
    setActive(-1);
  };
  return { id, listId, open, active, shown, expanded, activeId, settled, pick, onKeyDown, onInputChange, onBlur };
}
