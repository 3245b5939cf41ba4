/** Just enough MIME to read the shop's own single-part text mails in tests. */
export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

const bytesOfQuotedPrintable = (input: string): Buffer => {
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(input[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
};

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=); whitespace between two of them goes. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_all, kind: string, text: string) =>
      (kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : bytesOfQuotedPrintable(text.replaceAll('_', ' '))).toString('utf8'),
    );
}

export function readMail(raw: string): ReadMail {
  const message = raw.replace(/\r\n/g, '\n');
  const split = message.indexOf('\n\n');
  const head = message.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = message.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeHeader(line.slice(colon + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? bytesOfQuotedPrintable(body.replace(/=\n/g, '')).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to: headers.to ?? '', subject: headers.subject ?? '', text, headers };
}
