import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';

/** The search box of the customer list; submits the trimmed text (empty lists everyone). */
export function CustomerSearchForm({ initial, onSearch }: { initial: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation('staff');
  const [value, setValue] = useState(initial);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(value.trim());
  }

  return (
    <Form role="search" onSubmit={submit} className="customer-search mb-3">
      <Form.Label htmlFor="customer-search">{t('search.label')}</Form.Label>
      <InputGroup>
        <Form.Control
          id="customer-search"
          type="search"
          value={value}
          maxLength={100}
          placeholder={t('search.placeholder')}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" variant="primary">
          {t('search.submit')}
        </Button>
      </InputGroup>
    </Form>
  );
}
