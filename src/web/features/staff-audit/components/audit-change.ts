/** One field of an audit entry's change: its value before and after (as text). */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const text = (value: unknown): string => {
  if (value === undefined || value === null) return '–';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * What an entry changed, field by field: the fields whose value differs between before and
 * after (a field only before was removed, one only after added). Values that are not objects
 * are one field named ''.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const objects = [before, after].every((v) => v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v)));
  if (!objects) return text(before) === text(after) ? [] : [{ field: '', before: text(before), after: text(after) }];
  const was = asRecord(before);
  const is = asRecord(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields
    .filter((field) => text(was[field]) !== text(is[field]))
    .map((field) => ({ field, before: text(was[field]), after: text(is[field]) }));
}
