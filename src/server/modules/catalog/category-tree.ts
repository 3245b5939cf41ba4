import type { CategoryTerm } from '../../../shared/api/catalog';
import type { Lang } from '../../plugins/language';

export interface CategoryRow {
  id: number;
  uuid: string;
  parentId: number | null;
  nameNl: string;
  nameEn: string;
  weight: number;
}

const byWeightThenName = (a: CategoryTerm, b: CategoryTerm) => a.weight - b.weight || a.name.localeCompare(b.name, 'nl');

/**
 * The taxonomy as Drupal's search index answers it: top-level terms by weight (then name), each
 * with its children, names in the request's language. A term whose parent is missing is shown at
 * the top rather than lost.
 */
export function buildCategoryTree(rows: readonly CategoryRow[], lang: Lang): CategoryTerm[] {
  const terms = new Map<number, CategoryTerm>();
  for (const row of rows) {
    const name = lang === 'en' ? row.nameEn : row.nameNl;
    terms.set(row.id, {
      type: 'taxonomy_term--product_category',
      id: row.uuid,
      drupal_internal__tid: row.id,
      name,
      field_title: name,
      weight: row.weight,
      parent: row.parentId,
      children: [],
      childDrupalIds: [],
      parentDrupalIds: [],
    });
  }
  const roots: CategoryTerm[] = [];
  for (const term of terms.values()) {
    const parent = term.parent === null ? undefined : terms.get(term.parent);
    if (parent && parent !== term) parent.children.push(term);
    else roots.push(term);
  }
  // Sorts each level and fills in the ids above and below every term; returns the ids below.
  const complete = (list: CategoryTerm[], above: number[]): number[] => {
    list.sort(byWeightThenName);
    return list.flatMap((term) => {
      term.parentDrupalIds = above;
      term.childDrupalIds = complete(term.children, [...above, term.drupal_internal__tid]);
      return [term.drupal_internal__tid, ...term.childDrupalIds];
    });
  };
  complete(roots, []);
  return roots;
}

/** The term itself and every term below it; null when there is no term with that id. */
export function categoryWithDescendants(rows: readonly CategoryRow[], id: number): number[] | null {
  if (!rows.some((row) => row.id === id)) return null;
  const childrenOf = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row.id]);
  }
  const found = new Set<number>([id]);
  const queue = [id];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of childrenOf.get(next) ?? []) {
      if (found.has(child)) continue; // a cycle in bad data must not loop forever
      found.add(child);
      queue.push(child);
    }
  }
  return [...found];
}
