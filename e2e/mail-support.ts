import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from './env';

/** The e2e server writes mails here (DATA_DIR of playwright.config.ts, no SMTP_URL). */
const OUTBOX = path.resolve(e2eDataDir, 'outbox');

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Just enough MIME for the shop's single-part text mails. */
function readMail(raw: string): OutboxMail {
  const message = raw.replace(/\r\n/g, '\n');
  const split = message.indexOf('\n\n');
  const head = message.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const body = message.slice(split + 2);
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  const subject = header('Subject');
  return { to: header('To'), subject: decodeWords(subject), text };
}

/** RFC 2047 encoded words in a header ("=?UTF-8?Q?...?=" or "=?UTF-8?B?...?="). */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

/** The mails to `address` written after `since` (ms), newest first. */
export function mailsTo(address: string, since: number): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) => path.join(OUTBOX, f))
    .filter((file) => statSync(file).mtimeMs >= since)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((file) => readMail(readFileSync(file, 'utf8')))
    .filter((mail) => mail.to === address);
}
