import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The counts of an add of several lines at once (quick order, my usual products, 'Order again'):
 * '3 lines added, 1 left out', pluralised in the UI language; only the first part when nothing
 * was left out.
 */
export function useAddedLinesText(): (added: number, leftOut: number) => string {
  const { t } = useTranslation('common');
  return useCallback(
    (added: number, leftOut: number) => {
      const addedText = t('addedLines.added', { count: added });
      if (leftOut === 0) return addedText;
      return t('addedLines.summary', { added: addedText, leftOut: t('addedLines.leftOut', { count: leftOut }) });
    },
    [t],
  );
}
