import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { SearchIcon } from '../../components/ui/icons';
import { useLocalizedPath } from '../../lib/use-lang';

/**
 * Header search: submits to /{lang}/assortment?search=… (spec section 2). The box follows the
 * URL's search (back and forward) without being mounted anew, so that after a search the
 * keyboard focus stays in it instead of falling back to the page.
 */
export function SearchForm({ initial, className = '' }: { initial: string; className?: string }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const [value, setValue] = useState(initial);
  const [followed, setFollowed] = useState(initial);
  if (initial !== followed) {
    setFollowed(initial);
    setValue(initial);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = value.trim();
    void navigate(search ? `${to('/assortment')}?${new URLSearchParams({ search }).toString()}` : to('/assortment'));
  }

  return (
    <form role="search" className={`header-search ${className}`} onSubmit={onSubmit}>
      <label htmlFor="header-search-input" className="visually-hidden">
        {t('header.search.label')}
      </label>
      <div className="input-group">
        <input
          id="header-search-input"
          type="search"
          name="search"
          className="form-control"
          placeholder={t('header.search.placeholder')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="btn btn-accent" aria-label={t('header.search.submit')}>
          <SearchIcon size={20} />
        </button>
      </div>
    </form>
  );
}
