import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { CheckoutDeliveryDate, dayOfLocalDate, localDateOf } from './checkout-delivery-date';

/** Monday 7 December 2026, 10:00 in Amsterdam: the earliest day is tomorrow. */
const MORNING = new Date('2026-12-07T09:00:00Z');
/** The same Monday at 15:00 in Amsterdam: the earliest day is the day after tomorrow. */
const AFTERNOON = new Date('2026-12-07T14:00:00Z');

function days(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('.react-datepicker__day:not(.react-datepicker__day--outside-month)')];
}

function openPicker(props: Partial<Parameters<typeof CheckoutDeliveryDate>[0]> = {}) {
  const onChange = vi.fn();
  render(<CheckoutDeliveryDate id="date" value="2026-12-08" deliveryDays={['tuesday', 'friday']} now={MORNING} onChange={onChange} {...props} />);
  fireEvent.click(screen.getByRole('textbox'));
  return onChange;
}

const enabled = () => days().filter((day) => day.getAttribute('aria-disabled') !== 'true').map((day) => Number(day.textContent));

describe('the delivery date picker', () => {
  it('shows the chosen day as dd-MM-y', () => {
    render(<CheckoutDeliveryDate id="date" value="2026-12-08" deliveryDays={[]} now={MORNING} onChange={() => {}} />);
    expect(screen.getByRole('textbox')).toHaveValue('08-12-2026');
  });

  it("offers only the relation's delivery weekdays from the earliest day on", () => {
    openPicker();
    // December 2026: Tuesdays 8, 15, 22, 29 and Fridays 11, 18, 25; the 1st and 4th have passed
    expect(enabled()).toEqual([8, 11, 15, 18, 22, 25, 29]);
  });

  it('starts a day later from 14:00 on, moved forward to the next delivery day', () => {
    openPicker({ now: AFTERNOON, value: null });
    // the day after tomorrow is Wednesday the 9th; the next delivery day is Friday the 11th
    expect(enabled()).toEqual([11, 15, 18, 22, 25, 29]);
  });

  it('offers monday to friday when the relation has no delivery days', () => {
    openPicker({ deliveryDays: [] });
    expect(enabled()).toEqual([8, 9, 10, 11, 14, 15, 16, 17, 18, 21, 22, 23, 24, 25, 28, 29, 30, 31]);
  });

  it('sends the picked local calendar day as YYYY-MM-DD', () => {
    const onChange = openPicker();
    const friday = days().find((day) => day.textContent === '18');
    fireEvent.click(friday as HTMLElement);
    expect(onChange).toHaveBeenCalledWith('2026-12-18');
  });

  it('ignores a day that is not allowed', () => {
    const onChange = openPicker();
    fireEvent.click(days().find((day) => day.textContent === '16') as HTMLElement);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('converts days without a time zone shift', () => {
    expect(dayOfLocalDate(localDateOf('2027-03-28'))).toBe('2027-03-28');
    expect(dayOfLocalDate(new Date(2026, 11, 31, 23, 30))).toBe('2026-12-31');
  });
});
