import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FileContentType } from '../../../lib/api-client';
import { apiUrl } from '../../../lib/api-client';
import { useLang } from '../../../lib/use-lang';
import { MAX_UPLOAD_BYTES, QUICK_ORDER_EXAMPLE_PATH, QUICK_ORDER_UPLOAD_TYPES } from '../api/contracts';
import type { QuickOrderFile } from '../api/preview-quick-order';

/** The content type to send a chosen file with, by its name or its type; null for any other file. */
export function uploadType(file: Pick<File, 'name' | 'type'>): FileContentType | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx') || file.type === QUICK_ORDER_UPLOAD_TYPES.xlsx) return QUICK_ORDER_UPLOAD_TYPES.xlsx;
  if (name.endsWith('.csv') || file.type === QUICK_ORDER_UPLOAD_TYPES.csv) return QUICK_ORDER_UPLOAD_TYPES.csv;
  return null;
}

const sizeText = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;

interface Props {
  onFile: (file: QuickOrderFile) => void;
  /** Changes after an add, which empties the file field. */
  resetKey: number;
}

/** A CSV or XLSX file, sent raw to /quick-order/upload as soon as it is chosen; and the example file. */
export function UploadFile({ onFile, resetKey }: Props) {
  const { t } = useTranslation('quick-order');
  const id = useId();
  const lang = useLang();
  const [problem, setProblem] = useState<string | null>(null);

  function choose(file: File | undefined) {
    setProblem(null);
    if (!file) return;
    const type = uploadType(file);
    if (!type) setProblem(t('upload.wrongType'));
    else if (file.size > MAX_UPLOAD_BYTES) setProblem(t('upload.tooLarge', { size: sizeText }));
    else onFile({ file, type });
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h5">
        {t('upload.heading')}
      </h2>
      <label htmlFor={`${id}-file`} className="form-label">
        {t('upload.label')}
      </label>
      <input
        key={resetKey}
        id={`${id}-file`}
        type="file"
        className={`form-control${problem ? ' is-invalid' : ''}`}
        accept={`.csv,.xlsx,${QUICK_ORDER_UPLOAD_TYPES.csv},${QUICK_ORDER_UPLOAD_TYPES.xlsx}`}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="form-text mb-1">
        {t('upload.hint', { size: sizeText })}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className="quick-order-note small mb-1" role="alert">
          {problem}
        </p>
      ) : null}
      <a href={apiUrl(QUICK_ORDER_EXAMPLE_PATH, lang)} download className="link-primary">
        {t('upload.example')}
      </a>
    </section>
  );
}
