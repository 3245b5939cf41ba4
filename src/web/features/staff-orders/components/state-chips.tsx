import { useTranslation } from 'react-i18next';

import { BOARD_STATES, type BoardState } from '../../../../shared/api/staff-orders';
import { formatNumber } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';

interface Props {
  counts: Record<BoardState, number>;
  selected: readonly BoardState[];
  onChange: (states: BoardState[]) => void;
}

/** The counts per state as chips: one pressed shows that state alone, pressed again all states; "All" clears the state filter. */
export function StateChips({ counts, selected, onChange }: Props) {
  const { t } = useTranslation('staff-orders');
  const lang = useLang();
  const total = BOARD_STATES.reduce((sum, s) => sum + counts[s], 0);
  const only = (state: BoardState) => selected.length === 1 && selected[0] === state;
  return (
    <div role="group" aria-label={t('chips.label')} className="d-flex flex-wrap gap-2 mb-3">
      <button type="button" className={`btn btn-sm rounded-pill ${selected.length === 0 ? 'btn-dark' : 'btn-outline-dark'}`} aria-pressed={selected.length === 0} onClick={() => onChange([])}>
        {t('chips.count', { state: t('chips.all'), n: formatNumber(total, lang) })}
      </button>
      {BOARD_STATES.map((state) => {
        const pressed = selected.includes(state);
        return (
          <button
            key={state}
            type="button"
            data-state={state}
            className={`btn btn-sm rounded-pill ${pressed ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={pressed}
            onClick={() => onChange(only(state) ? [] : [state])}
          >
            {t('chips.count', { state: t(`states.${state}`), n: formatNumber(counts[state], lang) })}
          </button>
        );
      })}
    </div>
  );
}
