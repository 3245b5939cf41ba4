import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import type { CategoryTerm } from '../../../../shared/api/catalog';
import { nextAssortmentSearch } from '../hooks/use-assortment-params';

/**
 * The term ids from the top down to the current category: these terms are open and bold
 * (spec section 4). Empty when nothing is filtered or the id is not in the tree.
 */
export function activeCategoryPath(terms: readonly CategoryTerm[], current: number | null): Set<number> {
  if (current === null) return new Set();
  const walk = (level: readonly CategoryTerm[], trail: number[]): number[] | null => {
    for (const term of level) {
      const path = [...trail, term.drupal_internal__tid];
      if (term.drupal_internal__tid === current) return path;
      const found = walk(term.children, path);
      if (found) return found;
    }
    return null;
  };
  return new Set(walk(terms, []) ?? []);
}

export function categoryName(term: CategoryTerm): string {
  return term.field_title ?? term.name;
}

interface NodeProps {
  term: CategoryTerm;
  active: Set<number>;
  current: number | null;
  /** Open or closed by the user; otherwise a term is open when it is on the active path. */
  toggled: ReadonlyMap<number, boolean>;
  onToggle: (tid: number, open: boolean) => void;
  hrefOf: (tid: number | null) => string;
}

function CategoryNode({ term, active, current, toggled, onToggle, hrefOf }: NodeProps) {
  const { t } = useTranslation('catalog');
  const tid = term.drupal_internal__tid;
  const name = categoryName(term);
  const hasChildren = term.children.length > 0;
  const open = hasChildren && (toggled.get(tid) ?? active.has(tid));
  const listId = `category-${tid}-children`;
  return (
    <li className="category-tree-item">
      <div className="category-tree-row">
        {hasChildren ? (
          <button
            type="button"
            className="category-tree-toggle"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={open ? t('categories.collapse', { name }) : t('categories.expand', { name })}
            onClick={() => onToggle(tid, !open)}
          >
            <span aria-hidden="true">{open ? '−' : '+'}</span>
          </button>
        ) : (
          <span className="category-tree-spacer" aria-hidden="true" />
        )}
        <Link
          to={hrefOf(tid)}
          className={`category-tree-link${active.has(tid) ? ' fw-bold' : ''}`}
          aria-current={current === tid ? 'page' : undefined}
        >
          {name}
        </Link>
      </div>
      {open ? (
        <ul id={listId} className="category-tree-list">
          {term.children.map((child) => (
            <CategoryNode key={child.id} term={child} active={active} current={current} toggled={toggled} onToggle={onToggle} hrefOf={hrefOf} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The category tree beside the products (spec sections 2 and 4): terms expand and collapse; the
 * current category and its ancestors are open and bold; a click filters on the category from
 * page 1, keeping the search and page size.
 */
export function CategoryTree({ terms, current }: { terms: readonly CategoryTerm[]; current: number | null }) {
  const { t } = useTranslation('catalog');
  const [searchParams] = useSearchParams();
  const [toggled, setToggled] = useState<ReadonlyMap<number, boolean>>(new Map());
  // on small screens the tree folds away above the products until asked for
  const [shownOnSmall, setShownOnSmall] = useState(false);
  const active = activeCategoryPath(terms, current);
  const hrefOf = (tid: number | null) => `?${nextAssortmentSearch(searchParams, { category: tid }).toString()}`;
  const onToggle = (tid: number, open: boolean) => setToggled((previous) => new Map(previous).set(tid, open));

  return (
    <nav className="category-tree" aria-labelledby="category-tree-title">
      <div className="category-tree-header d-flex align-items-center justify-content-between gap-2">
        <h2 id="category-tree-title" className="h6 mb-0">
          {t('categories.title')}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary d-lg-none"
          aria-expanded={shownOnSmall}
          aria-controls="category-tree-root"
          onClick={() => setShownOnSmall((shown) => !shown)}
        >
          {shownOnSmall ? t('categories.hide') : t('categories.show')}
        </button>
      </div>
      <ul id="category-tree-root" className={`category-tree-list category-tree-root${shownOnSmall ? '' : ' d-none d-lg-block'}`}>
        <li className="category-tree-item">
          <div className="category-tree-row">
            <span className="category-tree-spacer" aria-hidden="true" />
            <Link to={hrefOf(null)} className={`category-tree-link${current === null ? ' fw-bold' : ''}`} aria-current={current === null ? 'page' : undefined}>
              {t('categories.all')}
            </Link>
          </div>
        </li>
        {terms.map((term) => (
          <CategoryNode key={term.id} term={term} active={active} current={current} toggled={toggled} onToggle={onToggle} hrefOf={hrefOf} />
        ))}
      </ul>
    </nav>
  );
}
