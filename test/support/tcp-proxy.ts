// A TCP proxy on loopback for fault injection between the bot and Redis:
// `down()` stops it like a Redis server that was stopped (connections closed,
// new ones refused) and `up()` brings it back on the same port; `freeze()`
// holds every byte in both directions (a Redis that stalls, or a network that
// loses packets and retransmits later) until `thaw()` lets them through.
import net from 'node:net';

export interface TcpProxy {
  /** The target URL with the proxy's host and port (e.g. redis://127.0.0.1:PORT/). */
  readonly url: string;
  readonly port: number;
  down(): Promise<void>;
  up(): Promise<void>;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  server: net.Socket;
  held: Array<{ to: net.Socket; data: Buffer }>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const host = target.hostname;
  const targetPort = Number(target.port || 6379);
  const pairs = new Set<Pair>();
  let frozen = false;

  const forward = (p: Pair, to: net.Socket, data: Buffer) => {
    if (frozen) p.held.push({ to, data });
    else to.write(data);
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, host);
    const p: Pair = { client, server: upstream, held: [] };
    pairs.add(p);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(p);
    };
    client.on('data', (d: Buffer) => forward(p, upstream, d));
    upstream.on('data', (d: Buffer) => forward(p, client, d));
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const closeAll = () => {
    for (const p of pairs) {
      p.client.destroy();
      p.server.destroy();
    }
    pairs.clear();
  };
  return {
    url: url.toString(),
    port,
    async down() {
      closeAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      await listen(port);
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const p of pairs) for (const h of p.held.splice(0)) if (!h.to.destroyed) h.to.write(h.data);
    },
    async close() {
      closeAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
