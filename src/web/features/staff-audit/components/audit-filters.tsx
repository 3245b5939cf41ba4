import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

import { Button } from '../../../components/ui/button';

/** The entities staff filter the log on (the log holds these today). */
export const AUDIT_ENTITIES = ['order', 'user', 'relation', 'price_request', 'import_run'] as const;

export interface AuditPageFilters {
  user?: string;
  entity?: string;
  from?: string;
  until?: string;
}

/** Who (a login name), what (an entity) and the period (dates in Amsterdam); applied when submitted. */
export function AuditFilterForm({ filters, onChange }: { filters: AuditPageFilters; onChange: (next: AuditPageFilters) => void }) {
  const { t } = useTranslation('staff-audit');
  const [draft, setDraft] = useState<AuditPageFilters>(filters);
  const set = (key: keyof AuditPageFilters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value || undefined });

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ ...draft, user: draft.user?.trim() || undefined });
  }

  return (
    <Form onSubmit={submit} aria-label={t('page.filters')} className="row g-3 align-items-end mb-3">
      <Form.Group controlId="audit-user" className="col-12 col-sm-6 col-lg-3">
        <Form.Label>{t('page.who')}</Form.Label>
        <Form.Control value={draft.user ?? ''} maxLength={100} autoComplete="off" onChange={set('user')} />
      </Form.Group>
      <Form.Group controlId="audit-entity" className="col-12 col-sm-6 col-lg-3">
        <Form.Label>{t('page.entity')}</Form.Label>
        <Form.Select value={draft.entity ?? ''} onChange={set('entity')}>
          <option value="">{t('page.anyEntity')}</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {t(`page.entities.${entity}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="audit-from" className="col-6 col-lg-2">
        <Form.Label>{t('page.from')}</Form.Label>
        <Form.Control type="date" value={draft.from ?? ''} onChange={set('from')} />
      </Form.Group>
      <Form.Group controlId="audit-until" className="col-6 col-lg-2">
        <Form.Label>{t('page.until')}</Form.Label>
        <Form.Control type="date" value={draft.until ?? ''} onChange={set('until')} />
      </Form.Group>
      <div className="col-12 col-lg-2 d-flex gap-2">
        <Button type="submit">{t('page.apply')}</Button>
      </div>
    </Form>
  );
}
