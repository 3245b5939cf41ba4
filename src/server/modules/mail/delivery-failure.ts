/**
 * What a failed send means for the mail and for the mails behind it (decision 033).
 * - `permanent`: the mail server refused this mail for good (a 5xx answer to RCPT TO or DATA), or
 *   its recipient is no address nodemailer can send to (empty, or with line breaks or brackets): it
 *   is given up at once; the others go on.
 * - `temporary`: the mail server deferred this mail (another 4xx answer to MAIL FROM, RCPT TO or
 *   DATA): counted, tried again after a backoff; the others go on.
 * - `transport`: no answer about this mail (connection refused or cut, a timeout, a failed greeting
 *   or login, 421 "closing", or a refusal of the sender that every mail would meet): not counted
 *   against the mail; the run stops and every waiting mail goes when the server is back.
 */
export type FailureKind = 'permanent' | 'temporary' | 'transport';

/** The fields nodemailer puts on its errors. */
interface SmtpErrorFields {
  responseCode?: unknown;
  command?: unknown;
  code?: unknown;
  message?: unknown;
}

const THIS_MAIL = new Set(['RCPT TO', 'DATA']);

export function failureKind(err: unknown): FailureKind {
  const { responseCode, command, code, message } = (typeof err === 'object' && err !== null ? err : {}) as SmtpErrorFields;
  // Checked by nodemailer before it speaks to the server ("No recipients defined", "Invalid recipient").
  if (code === 'EENVELOPE' && command === 'API' && typeof message === 'string' && /recipient/i.test(message)) return 'permanent';
  if (typeof responseCode !== 'number' || responseCode === 421) return 'transport';
  const step = typeof command === 'string' ? command : '';
  if (responseCode >= 500 && THIS_MAIL.has(step)) return 'permanent';
  if (responseCode >= 400 && responseCode < 500 && (THIS_MAIL.has(step) || step === 'MAIL FROM')) return 'temporary';
  return 'transport';
}

const MINUTE = 60_000;
/** The wait after the 1st, 2nd, … failed attempt; the last one repeats. */
const BACKOFF_MS = [1, 5, 15, 60].map((m) => m * MINUTE);
/** A mail that failed this often is given up. */
export const MAX_ATTEMPTS = 8;

/** How long a mail waits after its `attempts`-th failed attempt. */
export function backoffAfter(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!;
}

/** The error as staff read it: the server's answer when there is one, else the message. */
export function errorText(err: unknown): string {
  const fields = (typeof err === 'object' && err !== null ? err : {}) as { response?: unknown; message?: unknown; code?: unknown };
  const text = typeof fields.response === 'string' && fields.response ? fields.response : typeof fields.message === 'string' ? fields.message : String(err);
  const code = typeof fields.code === 'string' && !text.includes(fields.code) ? `${fields.code}: ` : '';
  return `${code}${text}`.slice(0, 500);
}
