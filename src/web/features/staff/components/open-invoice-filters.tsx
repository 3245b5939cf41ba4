import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';

import { Button } from '../../../components/ui/button';

/** The search (submitted) and 'only overdue' (at once) of finance's open invoices. */
export function OpenInvoiceFilters({ search, overdue, onChange }: { search: string; overdue: boolean; onChange: (next: { search?: string; overdue?: boolean }) => void }) {
  const { t } = useTranslation('staff-invoices');
  const [value, setValue] = useState(search);

  function submit(event: FormEvent) {
    event.preventDefault();
    onChange({ search: value.trim() });
  }

  return (
    <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
      <Form role="search" onSubmit={submit} className="flex-grow-1" style={{ maxWidth: '36rem' }}>
        <Form.Label htmlFor="open-invoice-search">{t('searchLabel')}</Form.Label>
        <InputGroup>
          <Form.Control id="open-invoice-search" type="search" value={value} maxLength={100} placeholder={t('searchPlaceholder')} onChange={(event) => setValue(event.target.value)} />
          <Button type="submit">{t('search')}</Button>
        </InputGroup>
      </Form>
      <Form.Check id="open-invoice-overdue" type="switch" className="mb-2" label={t('onlyOverdue')} checked={overdue} onChange={(event) => onChange({ overdue: event.target.checked })} />
    </div>
  );
}
