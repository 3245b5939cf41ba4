import { type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';

export interface MenuButtonProps {
  /** The toggle button's id. */
  id: string;
  className?: string;
  toggleClassName?: string;
  /** What the toggle shows. */
  toggle: ReactNode;
  /** The menu's accessible name. */
  menuLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu's `<li>` entries; focusable entries carry the class `dropdown-item`. */
  children: ReactNode;
}

const ITEMS = '.dropdown-item:not(:disabled):not(.disabled)';

/** Moves the focus one entry down or up, staying at the ends; from outside the entries, to the first or last. */
function moveFocus(root: HTMLElement | null, step: 1 | -1) {
  const items = [...(root?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? (step === 1 ? 0 : items.length - 1) : Math.min(Math.max(at + step, 0), items.length - 1);
  items[next]!.focus();
}

/** The menu's keyboard, focus and click behaviour, as handlers for its root and its list. */
function useMenuBehaviour(open: boolean, onOpenChange: (open: boolean) => void) {
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusFirst = useRef(false);

  // While open: the first entry takes the focus when the keyboard opened the menu, and a pointer outside closes it.
  useEffect(() => {
    if (!open) return;
    if (focusFirst.current) {
      focusFirst.current = false;
      root.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        focusFirst.current = true;
        onOpenChange(true);
      } else {
        moveFocus(root.current, event.key === 'ArrowDown' ? 1 : -1);
      }
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) onOpenChange(false);
  }

  function onMenuClick(event: MouseEvent<HTMLUListElement>) {
    // following a link or choosing an action closes the menu
    if ((event.target as HTMLElement).closest(ITEMS)) onOpenChange(false);
  }

  return { root, button, onKeyDown, onBlur, onMenuClick };
}

/**
 * A button that shows a list of links and actions below it, right-aligned, in Bootstrap's
 * dropdown markup. It replaces react-bootstrap's Dropdown, whose Popper positioning
 * the header loaded on every page before its first render, for a menu that only ever opens
 * below its button (issue 9, page weight; decision 012). It keeps the Dropdown's keyboard behaviour: arrow
 * keys move through the entries (ArrowDown on the button opens the menu at its first entry),
 * Escape closes it and returns focus to the button, and Tab out of it, a click outside it or
 * following an entry closes it.
 */
export function MenuButton({ id, className, toggleClassName, toggle, menuLabel, open, onOpenChange, children }: MenuButtonProps) {
  const menuId = useId();
  const { root, button, onKeyDown, onBlur, onMenuClick } = useMenuBehaviour(open, onOpenChange);

  return (
    <div ref={root} className={['dropdown', className ?? ''].filter(Boolean).join(' ')} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        id={id}
        className={['btn', 'dropdown-toggle', toggleClassName ?? '', open ? 'show' : ''].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => onOpenChange(!open)}
      >
        {toggle}
      </button>
      <ul
        id={menuId}
        className={`dropdown-menu dropdown-menu-end shadow${open ? ' show' : ''}`}
        data-bs-popper="static"
        aria-label={menuLabel}
        hidden={!open}
        onClick={onMenuClick}
      >
        {/* entries exist only while open, as with react-bootstrap's Dropdown */}
        {open ? children : null}
      </ul>
    </div>
  );
}
