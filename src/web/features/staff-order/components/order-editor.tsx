import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

import { addDays, deliveryWeekdays, weekdayOf } from '../../../../shared/delivery-date';
import type { StaffOrder, StaffOrderChangePreview } from '../../../../shared/api/staff-order';
import { Alert } from '../../../components/ui/alert';
import { BusyButton } from '../../../components/ui/busy-button';
import { Button } from '../../../components/ui/button';
import { failureText } from '../../../lib/api/failure-text';
import { formatDay } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { usePreviewOrderChange, useSaveOrderChange } from '../api/order-change';

import { ChangePreview } from './change-preview';
import { isConflict } from './conflict-alert';

/** A line as the editor holds it: one of the order's (by variation) or one added by article number. */
interface EditLine {
  key: string;
  variation_id?: number;
  sku: string;
  title: string;
  quantity: number;
}

/** An article suggested while typing: its number and name. */
export interface ArticleSuggestion {
  sku: string;
  title: string;
}

interface Props {
  order: StaffOrder;
  onDone: () => void;
  onConflict: () => void;
  /** Suggestions for what is typed in the article field (the page passes the shop's search suggestions). */
  useArticleSuggestions: (term: string) => readonly ArticleSuggestion[];
}

/** The delivery days that may be chosen now: the relation's weekdays from the earliest to the latest date, and the order's own. */
function allowedDays(order: StaffOrder): string[] {
  const weekdays = deliveryWeekdays(order.change.delivery_days);
  const days: string[] = [];
  for (let day = order.change.earliest_date; day <= order.change.latest_date; day = addDays(day, 1)) {
    if (weekdays.has(weekdayOf(day))) days.push(day);
  }
  if (order.delivery_date && !days.includes(order.delivery_date)) days.unshift(order.delivery_date);
  return days;
}

function useEditState(order: StaffOrder) {
  const [lines, setLines] = useState<EditLine[]>(() =>
    order.lines.flatMap((line) => (line.variation_id === null ? [] : [{ key: `v${line.variation_id}`, variation_id: line.variation_id, sku: line.sku ?? '', title: line.title ?? '', quantity: line.quantity }])),
  );
  const [date, setDate] = useState(order.delivery_date ?? order.change.earliest_date);
  const [preview, setPreview] = useState<StaffOrderChangePreview | null>(null);
  const edit = (next: EditLine[]) => {
    setLines(next);
    setPreview(null);
  };
  function add(sku: string, title: string, quantity: number) {
    const same = lines.find((line) => line.sku.toLowerCase() === sku.toLowerCase());
    if (same) edit(lines.map((line) => (line === same ? { ...line, quantity: line.quantity + quantity } : line)));
    else edit([...lines, { key: `s${sku.toLowerCase()}`, sku, title, quantity }]);
  }
  const request = {
    uuid: order.uuid,
    version: order.version,
    delivery_date: date,
    lines: lines.map((line) => (line.variation_id !== undefined ? { variation_id: line.variation_id, quantity: line.quantity } : { sku: line.sku, quantity: line.quantity })),
  };
  return { lines, edit, add, date, setDate: (day: string) => (setDate(day), setPreview(null)), preview, setPreview, request };
}

function AddLine({ onAdd, useArticleSuggestions }: { onAdd: (sku: string, title: string, quantity: number) => void } & Pick<Props, 'useArticleSuggestions'>) {
  const { t } = useTranslation('staff-order');
  const id = useId();
  const [term, setTerm] = useState('');
  const [quantity, setQuantity] = useState(1);
  const suggestions = useArticleSuggestions(term);
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const sku = term.trim();
    if (sku === '' || quantity < 1) return;
    const known = suggestions.find((s) => s.sku.toLowerCase() === sku.toLowerCase());
    onAdd(known?.sku ?? sku, known?.title ?? sku, quantity);
    setTerm('');
    setQuantity(1);
  }
  return (
    <Form onSubmit={submit} className="row g-2 align-items-end mb-3" aria-label={t('edit.add')}>
      <Form.Group className="col-12 col-md-6" controlId={`${id}-article`}>
        <Form.Label>{t('edit.article')}</Form.Label>
        <Form.Control value={term} list={`${id}-suggestions`} autoComplete="off" aria-describedby={`${id}-help`} onChange={(e) => setTerm(e.target.value)} />
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((s) => (
            <option key={s.sku} value={s.sku}>
              {s.title}
            </option>
          ))}
        </datalist>
        <Form.Text id={`${id}-help`}>{t('edit.articleHelp')}</Form.Text>
      </Form.Group>
      <Form.Group className="col-6 col-md-3" controlId={`${id}-quantity`}>
        <Form.Label>{t('edit.addQuantity')}</Form.Label>
        <Form.Control type="number" min={1} value={quantity} onChange={(e) => setQuantity(Math.max(1, Math.floor(Number(e.target.value) || 1)))} />
      </Form.Group>
      <div className="col-6 col-md-3">
        <Button type="submit" variant="outline-primary" className="w-100" disabled={term.trim() === ''}>
          {t('edit.addButton')}
        </Button>
      </div>
    </Form>
  );
}

/** The order's lines as edited: a quantity field and 'Remove' per line. */
function EditLines({ lines, onEdit }: { lines: readonly EditLine[]; onEdit: (next: EditLine[]) => void }) {
  const { t } = useTranslation('staff-order');
  return (
    <ul className="list-group mb-3">
      {lines.map((line) => (
        <li key={line.key} className="list-group-item d-flex flex-wrap align-items-center gap-2">
          <span className="flex-grow-1">
            {line.title} <span className="text-body-secondary small">{line.sku}</span>
          </span>
          <Form.Control
            type="number"
            min={1}
            className="w-auto"
            style={{ maxWidth: '7rem' }}
            value={line.quantity}
            aria-label={t('edit.quantityOf', { title: line.title })}
            onChange={(e) => onEdit(lines.map((l) => (l === line ? { ...l, quantity: Math.max(1, Math.floor(Number(e.target.value) || 1)) } : l)))}
          />
          <Button variant="outline-danger" size="sm" aria-label={t('edit.removeLine', { title: line.title })} onClick={() => onEdit(lines.filter((l) => l !== line))}>
            {t('edit.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The preview and save calls; a conflict is the page's, any other failure is shown in the editor. */
function useChangeCalls(state: ReturnType<typeof useEditState>, { onDone, onConflict }: Pick<Props, 'onDone' | 'onConflict'>) {
  const { t } = useTranslation(['staff-order', 'errors']);
  const previewCall = usePreviewOrderChange();
  const saveCall = useSaveOrderChange();
  const [problem, setProblem] = useState<string | null>(null);

  function failed(error: unknown) {
    if (isConflict(error)) onConflict();
    else setProblem(failureText(error, t('errors:generic')));
  }

  async function showPreview() {
    setProblem(null);
    try {
      state.setPreview(await previewCall.mutateAsync(state.request));
    } catch (error) {
      failed(error);
    }
  }

  async function save() {
    setProblem(null);
    try {
      await saveCall.mutateAsync(state.request);
      toast.success(t('staff-order:edit.saved'));
      onDone();
    } catch (error) {
      failed(error);
    }
  }
  return { problem, showPreview, save, previewing: previewCall.isPending, saving: saveCall.isPending };
}

/**
 * Edit mode (issue 42, point 5): quantities, remove or add lines, another delivery day; the
 * difference is shown (the server re-prices) before the change can be saved.
 */
export function OrderEditor({ order, onDone, onConflict, useArticleSuggestions }: Props) {
  const { t } = useTranslation('staff-order');
  const id = useId();
  const state = useEditState(order);
  const days = useMemo(() => allowedDays(order), [order]);
  const calls = useChangeCalls(state, { onDone, onConflict });
  const nothing = state.preview !== null && state.preview.changes.length === 0 && !state.preview.date_changed && state.preview.difference_cents === 0;
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h2 id={`${id}-title`} className="h5">
        {t('edit.title')}
      </h2>
      <EditLines lines={state.lines} onEdit={state.edit} />
      <AddLine onAdd={state.add} useArticleSuggestions={useArticleSuggestions} />
      <Form.Group className="mb-3" controlId={`${id}-date`} style={{ maxWidth: '20rem' }}>
        <Form.Label>{t('edit.date')}</Form.Label>
        <Form.Select value={state.date} onChange={(e) => state.setDate(e.target.value)}>
          {days.map((day) => (
            <option key={day} value={day}>
              {formatDay(day)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {calls.problem && <Alert variant="danger">{calls.problem}</Alert>}
      {state.preview && <ChangePreview preview={state.preview} />}
      {nothing && <Alert variant="info">{t('edit.nothing')}</Alert>}
      <div className="d-flex flex-wrap gap-2">
        <BusyButton variant="outline-primary" busy={calls.previewing} disabled={calls.previewing || state.lines.length === 0} onClick={() => void calls.showPreview()}>
          {t('edit.preview')}
        </BusyButton>
        <BusyButton variant="primary" busy={calls.saving} disabled={state.preview === null || nothing || calls.saving} onClick={() => void calls.save()}>
          {t('edit.save')}
        </BusyButton>
        <Button variant="link" onClick={onDone}>
          {t('edit.cancel')}
        </Button>
      </div>
    </section>
  );
}
