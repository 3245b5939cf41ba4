import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy to a database server that a test stops (every connection through it cut, new ones
 * refused: the server down) and starts again on the same port (the server back).
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  /** Connections to cut as soon as the client sends anything (dead, but the client does not know). */
  const doomed = new WeakSet<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.on('data', (chunk: Buffer) => {
          if (doomed.has(client)) {
            client.destroy();
            upstream.destroy();
          } else if (!upstream.write(chunk)) client.pause();
        });
        upstream.on('drain', () => client.resume());
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Cuts every connection and refuses new ones. */
    async stop() {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
    /**
     * The open connections die silently: each is cut when its client next sends something (a
     * connection the server ended while it was idle in the pool, whose goodbye was not read yet).
     */
    breakOpenConnections() {
      for (const socket of sockets) doomed.add(socket);
    },
  };
}
