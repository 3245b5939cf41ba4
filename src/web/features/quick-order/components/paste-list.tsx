import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { MAX_PASTED_CHARS, MAX_QUICK_ORDER_LINES } from '../api/contracts';

/** Lines with something on them, as the server counts them (blank lines are skipped). */
export function countLines(text: string): number {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length;
}

interface Props {
  text: string;
  onTextChange: (text: string) => void;
  onCheck: (text: string) => void;
  checking: boolean;
}

/** A list pasted from Excel or a mail, sent as it is ({text}); the server reads it. */
export function PasteList({ text, onTextChange, onCheck, checking }: Props) {
  const { t } = useTranslation('quick-order');
  const id = useId();
  const [tried, setTried] = useState(false);
  const max = formatNumber(MAX_QUICK_ORDER_LINES, useLang());
  const lines = countLines(text);
  const tooMany = lines > MAX_QUICK_ORDER_LINES;
  const problem = tooMany ? t('paste.tooMany', { max: max, count: lines }) : tried && lines === 0 ? t('paste.empty') : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (lines === 0 || tooMany) return;
    onCheck(text);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h5">
        {t('paste.heading')}
      </h2>
      <label htmlFor={`${id}-text`} className="form-label">
        {t('paste.label')}
      </label>
      <textarea
        id={`${id}-text`}
        className={`form-control font-monospace${problem ? ' is-invalid' : ''}`}
        rows={6}
        maxLength={MAX_PASTED_CHARS}
        spellCheck={false}
        aria-describedby={`${id}-hint ${id}-count${problem ? ` ${id}-problem` : ''}`}
        aria-invalid={problem ? true : undefined}
        value={text}
        onChange={(event) => {
          setTried(false);
          onTextChange(event.target.value);
        }}
      />
      <div className="d-flex justify-content-between gap-2 mt-1">
        <p id={`${id}-hint`} className="form-text m-0">
          {t('paste.hint', { max: max })}
        </p>
        <p id={`${id}-count`} className="form-text m-0 text-nowrap">
          {t('paste.lines', { count: lines })}
        </p>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="quick-order-note small mb-0 mt-1" role="alert">
          {problem}
        </p>
      ) : null}
      <Button type="submit" variant="primary" className="mt-2" disabled={checking}>
        {checking ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {t('paste.check')}
      </Button>
    </form>
  );
}
