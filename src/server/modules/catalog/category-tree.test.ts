import { describe, expect, it } from 'vitest';
import { buildCategoryTree, type CategoryRow, categoryWithDescendants } from './category-tree';

const row = (id: number, parentId: number | null, name: string, weight = 0): CategoryRow => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  parentId,
  nameNl: name,
  nameEn: `${name} (en)`,
  weight,
});

const rows = [row(1, null, 'B', 1), row(2, null, 'A', 1), row(3, 1, 'Zeta', 0), row(4, 1, 'Alfa', 0), row(5, 3, 'Diep', 2), row(6, 99, 'Wees', 0)];

describe('buildCategoryTree', () => {
  it('nests terms under their parents, by weight then name, in the language asked', () => {
    const tree = buildCategoryTree(rows, 'en');
    expect(tree.map((t) => t.name)).toEqual(['Wees (en)', 'A (en)', 'B (en)']);
    const b = tree[2];
    expect(b?.children.map((t) => t.drupal_internal__tid)).toEqual([4, 3]);
    expect(b?.children[1]?.children[0]).toMatchObject({ drupal_internal__tid: 5, parent: 3, field_title: 'Diep (en)', weight: 2 });
  });

  it('lists the term ids above each term from the top down, and every id below it', () => {
    const b = buildCategoryTree(rows, 'nl')[2];
    expect(b).toMatchObject({ drupal_internal__tid: 1, parentDrupalIds: [], childDrupalIds: [4, 3, 5] });
    expect(b?.children[1]).toMatchObject({ drupal_internal__tid: 3, parentDrupalIds: [1], childDrupalIds: [5] });
    expect(b?.children[1]?.children[0]).toMatchObject({ drupal_internal__tid: 5, parentDrupalIds: [1, 3], childDrupalIds: [] });
  });
});

describe('categoryWithDescendants', () => {
  it('answers the term and everything below it', () => {
    expect(categoryWithDescendants(rows, 1)?.sort()).toEqual([1, 3, 4, 5]);
    expect(categoryWithDescendants(rows, 5)).toEqual([5]);
  });

  it('answers null for an unknown term and survives a cycle', () => {
    expect(categoryWithDescendants(rows, 42)).toBeNull();
    expect(categoryWithDescendants([row(1, 2, 'x'), row(2, 1, 'y')], 1)?.sort()).toEqual([1, 2]);
  });
});
