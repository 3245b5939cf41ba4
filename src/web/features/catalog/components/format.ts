import type { Language } from '../../../../shared/lang';

const dateFormat = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' (or an ISO timestamp) as a date in the nl-NL format of spec section 1: '01-03-2027'. */
export function formatDate(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** A percentage change with its sign, in the number format of the UI language: '+3,5' or '-2'. */
export function formatPercentage(value: number, lang: Language): string {
  return new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value);
}
