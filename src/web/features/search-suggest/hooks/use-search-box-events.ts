import { type RefObject, useEffect } from 'react';

/** What the box's keys and focus act on: the list's state as this render has it. */
export interface SearchBoxState {
  count: number;
  open: boolean;
  expanded: boolean;
  highlighted: number;
  setOpen: (open: boolean) => void;
  setActive: (active: number) => void;
  choose: (index: number) => void;
  onValue: (value: string) => void;
}

function close(state: SearchBoxState) {
  state.setOpen(false);
  state.setActive(-1);
}

/**
 * Down and Up move through the products and categories, Enter goes to the highlighted one or,
 * with none highlighted, searches as before; Escape closes the list, a second one empties the box.
 */
function onSuggestionKey(event: KeyboardEvent, state: SearchBoxState) {
  const { count, highlighted } = state;
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    if (!state.open) state.setOpen(true);
    else if (count > 0) state.setActive(highlighted + 1 >= count ? 0 : highlighted + 1);
  } else if (event.key === 'ArrowUp') {
    event.preventDefault();
    if (count > 0) state.setActive(highlighted <= 0 ? count - 1 : highlighted - 1);
  } else if (event.key === 'Enter' && highlighted >= 0) {
    // otherwise the form searches for the text, as the spec says
    event.preventDefault();
    state.choose(highlighted);
  } else if (event.key === 'Enter') {
    // the form searches for the text; the list has had its say
    close(state);
  } else if (event.key === 'Escape') {
    event.preventDefault();
    if (state.expanded) close(state);
    else state.onValue('');
  }
}

/** Listens to the header's search box: its keys, its typing (opens the list) and leaving it (closes it). */
export function useSearchBoxEvents(input: RefObject<HTMLInputElement | null>, state: SearchBoxState) {
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onKey = (event: KeyboardEvent) => onSuggestionKey(event, state);
    const onInput = () => {
      state.setOpen(true);
      state.setActive(-1);
    };
    const onBlur = () => close(state);
    box.addEventListener('keydown', onKey);
    box.addEventListener('input', onInput);
    box.addEventListener('blur', onBlur);
    return () => {
      box.removeEventListener('keydown', onKey);
      box.removeEventListener('input', onInput);
      box.removeEventListener('blur', onBlur);
    };
  });
}
