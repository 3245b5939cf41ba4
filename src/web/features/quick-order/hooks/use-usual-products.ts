import { useState } from 'react';
import { useSearchParams } from 'react-router';

import type { QuickOrderLine, UsualProduct } from '../../../../shared/api/quick-order';
import { useSessionUser } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';
import { useAddQuickOrder } from '../api/add-quick-order';
import { USUAL_PRODUCTS_DAYS } from '../api/contracts';
import { readUsualParams, type UsualSort, type UsualSource, useUsualProducts } from '../api/get-usual-products';
import { startQuantity, usualQuantityOk } from '../components/usual-quantity';

import { readQuantity } from './entry-rows';

export const productKey = (item: UsualProduct): string => item.product.product_uuid;

/** The list's source and sort, kept in the URL (?source=&sort=; the defaults are left out). */
function useUsualParams() {
  const [search, setSearch] = useSearchParams();
  const { source, sort } = readUsualParams(search);

  function setParam(name: 'source' | 'sort', value: string, fallback: string) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  return { source, sort, setParam };
}

/**
 * The ticked products with their typed quantities, and their add in one request: what was added
 * is unticked, what was left out is listed (the left-out notice).
 */
function useUsualSelection(items: readonly UsualProduct[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [quantities, setQuantities] = useState<ReadonlyMap<string, string>>(new Map());
  const [leftOut, setLeftOut] = useState<QuickOrderLine[]>([]);
  const add = useAddQuickOrder();
  const orderable = items.filter((item) => item.status === 'ok');

  const quantityOf = (item: UsualProduct) => quantities.get(productKey(item)) ?? String(startQuantity(item));
  const chosen = orderable.filter((item) => selected.has(productKey(item)));
  // A quantity that is no multiple is not sent: its row offers the next multiple (decision 029).
  const badQuantity = chosen.filter((item) => !usualQuantityOk(item, quantityOf(item)));

  function toggle(item: UsualProduct, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(productKey(item));
      else next.delete(productKey(item));
      return next;
    });
  }

  function addSelected() {
    if (chosen.length === 0 || badQuantity.length > 0) return;
    const rows = chosen.map((item, index) => ({ line: index + 1, article: item.product.sku, quantity: readQuantity(quantityOf(item)) as number }));
    add.mutate(
      { rows },
      {
        onSuccess: (data) => {
          const added = new Set(data.lines.filter((line) => line.added === true).map((line) => line.article));
          setSelected((current) => new Set([...current].filter((key) => !chosen.some((item) => productKey(item) === key && added.has(item.product.sku)))));
          setLeftOut(data.lines.filter((line) => line.added !== true));
        },
      },
    );
  }

  return {
    orderable,
    chosenCount: chosen.length,
    allChosen: orderable.length > 0 && chosen.length === orderable.length,
    canAdd: chosen.length > 0 && badQuantity.length === 0 && !add.isPending,
    adding: add.isPending,
    leftOut,
    isSelected: (item: UsualProduct) => selected.has(productKey(item)),
    quantityOf,
    /** A ticked product whose quantity may not be added. */
    isBad: (item: UsualProduct) => selected.has(productKey(item)) && !usualQuantityOk(item, quantityOf(item)),
    toggle,
    toggleAll: (on: boolean) => setSelected(on ? new Set(orderable.map(productKey)) : new Set()),
    clear: () => setSelected(new Set()),
    setQuantity: (item: UsualProduct, value: string) => setQuantities((current) => new Map(current).set(productKey(item), value)),
    addSelected,
    closeLeftOut: () => setLeftOut([]),
  };
}

export type UsualSelection = ReturnType<typeof useUsualSelection>;

/**
 * My usual products' page state (issue 18, point 5): the list of the chosen source and sort, and
 * the selection to add. A new source starts with nothing ticked.
 */
export function useUsualProductsPage() {
  const lang = useLang();
  const user = useSessionUser();
  const { source, sort, setParam } = useUsualParams();
  const usual = useUsualProducts({ source, sort, lang, user: user?.id ?? 0 });
  const items = usual.data?.items ?? [];
  const selection = useUsualSelection(items);
  return {
    source,
    sort,
    days: usual.data?.days ?? USUAL_PRODUCTS_DAYS,
    items,
    pending: usual.isPending,
    failed: usual.isError,
    selection,
    chooseSource(value: UsualSource) {
      selection.clear();
      setParam('source', value, 'orders');
    },
    chooseSort: (value: UsualSort | string) => setParam('sort', value, 'frequency'),
  };
}
