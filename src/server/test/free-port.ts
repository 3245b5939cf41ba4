import { createServer } from 'node:net';

/** A TCP port on the loopback address that nothing listens on (asked of the system, then let go). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
