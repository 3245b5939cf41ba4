import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { SearchIcon } from '../../components/ui/icons';
import { useLocalizedPath } from '../../lib/use-lang';

// The suggestions' code loads on the box's first focus, not with the page (decision 012); it
// keeps the combobox's aria-expanded, aria-controls and aria-activedescendant (and switches the
// browser's own autocomplete off) on the box itself.
const SearchSuggestions = lazy(() => import('../../features/search-suggest/components/search-suggestions'));

/**
 * Header search: a combobox with suggestions as you type (issue 20 point 4); Enter without a
 * chosen suggestion submits to /{lang}/assortment?search=… (spec section 2). The box follows the
 * URL's search (back and forward) without being mounted anew, so that after a search the
 * keyboard focus stays in it instead of falling back to the page.
 */
export function SearchForm({ initial, className = '' }: { initial: string; className?: string }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  const [followed, setFollowed] = useState(initial);
  const [started, setStarted] = useState(false);
  if (initial !== followed) {
    setFollowed(initial);
    setValue(initial);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = value.trim();
    const assortment = to('/assortment');
    void navigate(search ? `${assortment}?${new URLSearchParams({ search })}` : assortment);
  }

  return (
    <form role="search" className={`header-search position-relative ${className}`} onSubmit={onSubmit}>
      <label htmlFor="header-search-input" className="visually-hidden">
        {t('header.search.label')}
      </label>
      <div className="input-group">
        <input
          id="header-search-input"
          ref={input}
          type="search"
          name="search"
          className="form-control"
          placeholder={t('header.search.placeholder')}
          role="combobox"
          aria-expanded="false"
          value={value}
          onFocus={() => setStarted(true)}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="btn btn-accent" aria-label={t('header.search.submit')}>
          <SearchIcon size={20} />
        </button>
      </div>
      {started && (
        <Suspense>
          <SearchSuggestions input={input} value={value} onValue={setValue} initial={initial} />
        </Suspense>
      )}
    </form>
  );
}
