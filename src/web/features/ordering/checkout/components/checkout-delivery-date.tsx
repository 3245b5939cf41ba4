import 'react-datepicker/dist/react-datepicker.css';

import { nl } from 'date-fns/locale/nl';
import { useMemo } from 'react';
import DatePicker from 'react-datepicker';

import {
  deliveryDateProblem,
  deliveryWeekdays,
  earliestDeliveryDate,
  latestDeliveryDate,
  WEEKDAY_NAMES,
} from '../../../../../shared/delivery-date';

/** A calendar day 'YYYY-MM-DD' as a local Date at midnight (what the date picker works with). */
export function localDateOf(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The local calendar day the picker chose, written 'YYYY-MM-DD' (never via toISOString: no time zone shift). */
export function dayOfLocalDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface Props {
  id: string;
  /** The chosen day, 'YYYY-MM-DD'. */
  value: string | null;
  /** The relation's delivery weekdays (monday to friday when empty). */
  deliveryDays: readonly string[] | undefined;
  /** The moment the rule is applied at. */
  now: Date;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  onChange: (day: string) => void;
}

/**
 * The delivery date picker (spec section 5): only the relation's delivery weekdays, from the
 * earliest date (tomorrow, or the day after from 14:00, moved to an allowed day) up to the latest,
 * shown dd-MM-y in Dutch. The rule itself lives in shared/delivery-date.ts, as the server's does.
 */
export function CheckoutDeliveryDate({ id, value, deliveryDays, now, disabled, invalid, describedBy, onChange }: Props) {
  const allowed = useMemo(() => deliveryWeekdays(deliveryDays), [deliveryDays]);
  const earliest = earliestDeliveryDate(now, deliveryDays);
  const latest = latestDeliveryDate(now);
  return (
    <DatePicker
      id={id}
      selected={value ? localDateOf(value) : null}
      onChange={(date: Date | null) => {
        if (!date) return;
        const day = dayOfLocalDate(date);
        // a typed date is only taken when the rule allows it
        if (deliveryDateProblem(day, now, deliveryDays) === null && day !== value) onChange(day);
      }}
      minDate={localDateOf(earliest)}
      maxDate={localDateOf(latest)}
      filterDate={(date) => allowed.has(WEEKDAY_NAMES[date.getDay()] ?? 'sunday')}
      dateFormat="dd-MM-y"
      locale={nl}
      calendarStartDay={1}
      disabled={disabled}
      autoComplete="off"
      className={`form-control${invalid ? ' is-invalid' : ''}`}
      wrapperClassName="d-block"
      ariaDescribedBy={describedBy}
      showPopperArrow={false}
    />
  );
}
