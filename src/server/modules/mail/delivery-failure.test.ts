import { describe, expect, it } from 'vitest';
import { backoffAfter, failureKind, MAX_ATTEMPTS } from './delivery-failure';

/** nodemailer's errors as it makes them: a code, the SMTP command, and the server's answer code. */
const smtpError = (fields: { code?: string; command?: string; responseCode?: number; message?: string }) => Object.assign(new Error(fields.message ?? 'failed'), fields);

describe('what a failed send means (decision 033)', () => {
  it('is the mail\'s own for good on a 5xx answer to RCPT TO or DATA, or a recipient nodemailer cannot send to', () => {
    expect(failureKind(smtpError({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 }))).toBe('permanent');
    expect(failureKind(smtpError({ code: 'EMESSAGE', command: 'DATA', responseCode: 554 }))).toBe('permanent');
    expect(failureKind(smtpError({ code: 'EENVELOPE', command: 'API', message: 'No recipients defined' }))).toBe('permanent');
    expect(failureKind(smtpError({ code: 'EENVELOPE', command: 'API', message: 'Invalid recipient "a<b"' }))).toBe('permanent');
  });

  it('is the mail\'s own for now on another 4xx answer about it', () => {
    expect(failureKind(smtpError({ command: 'RCPT TO', responseCode: 450 }))).toBe('temporary');
    expect(failureKind(smtpError({ command: 'DATA', responseCode: 452 }))).toBe('temporary');
    expect(failureKind(smtpError({ command: 'MAIL FROM', responseCode: 451 }))).toBe('temporary');
  });

  it('is the mail server\'s (the run stops) without an answer code, on 421, or on a refusal every mail would meet', () => {
    expect(failureKind(smtpError({ code: 'ESOCKET', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:25' }))).toBe('transport');
    expect(failureKind(smtpError({ code: 'ETIMEDOUT', command: 'CONN' }))).toBe('transport');
    expect(failureKind(smtpError({ command: 'RCPT TO', responseCode: 421 }))).toBe('transport');
    expect(failureKind(smtpError({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 }))).toBe('transport');
    expect(failureKind(smtpError({ command: 'MAIL FROM', responseCode: 553 }))).toBe('transport');
    expect(failureKind(smtpError({ code: 'EENVELOPE', command: 'API', message: 'Invalid sender "x"' }))).toBe('transport');
    expect(failureKind(new Error('EACCES: permission denied'))).toBe('transport');
    expect(failureKind('down')).toBe('transport');
  });

  it('waits 1, 5, 15 and 60 minutes, then an hour each time, and gives up after 8 attempts', () => {
    expect(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffAfter(i + 1) / 60_000)).toEqual([1, 5, 15, 60, 60, 60, 60]);
    expect(MAX_ATTEMPTS).toBe(8);
  });
});
