import net from 'node:net';

/**
 * A TCP proxy between the app and PostgreSQL that a test can cut and restore: the
 * database "goes away" for the app without stopping the real server other tests use.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  async function listen(): Promise<void> {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as net.AddressInfo).port;
  }

  async function cut(): Promise<void> {
    const closing = server
      ? new Promise<void>((resolve) => server!.close(() => resolve()))
      : Promise.resolve();
    for (const socket of sockets) socket.destroy();
    await closing;
    server = null;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}
