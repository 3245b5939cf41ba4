import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the stand-in received: the envelope and the raw message. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP answer that refuses: its code and text, e.g. 550 "No such user". */
export interface Refusal {
  code: number;
  text: string;
}

/**
 * A local SMTP server for tests that can be stopped and started again on the same port (the
 * mail server going down and coming back), and that refuses the addresses in `refuse` at RCPT TO
 * with the answer given there (550: for good; 450: for now).
 */
export async function smtpStandIn() {
  const received: Received[] = [];
  const refuse = new Map<string, Refusal>();
  const make = () =>
    new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        const refusal = refuse.get(address.address.toLowerCase());
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
  let server: SMTPServer | null = make();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Addresses (lower case) refused at RCPT TO, with the answer. */
    refuse,
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async start() {
      if (server) return;
      server = make();
      await new Promise<void>((resolve, reject) => {
        server!.server.once('error', reject);
        server!.listen(port, '127.0.0.1', resolve);
      });
    },
  };
}
