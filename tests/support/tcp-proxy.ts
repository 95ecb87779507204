import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to a database server, for tests that take the database away from the portal without
 * touching the real server: `cut()` drops every connection (as a restart or failover does),
 * `close()` also refuses new ones (the server is down), `open()` brings it back on the same port.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  close(): Promise<void>;
  open(): Promise<void>;
  /** Connections relayed right now. */
  connections(): number;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream);
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });

  await listen();
  const cut = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    get port() {
      return port;
    },
    cut,
    async close() {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      cut();
      await closing;
      server = undefined;
    },
    open: listen,
    connections: () => sockets.size / 2,
  };
}
