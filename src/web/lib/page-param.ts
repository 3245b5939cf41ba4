/** The page of `?page=`: a whole number from 1, else 1 (what a list keeps in its address). */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
