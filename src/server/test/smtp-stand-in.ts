import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the stand-in received: the envelope and the raw message. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server for tests that can be stopped and started again on the same port (the
 * mail server going down and coming back).
 */
export async function smtpStandIn() {
  const received: Received[] = [];
  const make = () =>
    new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
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
