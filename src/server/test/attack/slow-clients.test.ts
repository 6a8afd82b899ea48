import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';

/**
 * Clients that hold connections open without finishing a request (slowloris): against a
 * listening server over real sockets, with short timeouts so the test does not wait long.
 */
const TIMEOUT_MS = 1_000;
const MAX_PER_ADDRESS = 5;
/** Far beyond the timeout: a socket still open then was never going to be cut. */
const GIVE_UP_MS = 15_000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    requestTimeoutMs: TIMEOUT_MS,
    keepAliveTimeoutMs: 500,
    maxConnectionsPerAddress: MAX_PER_ADDRESS,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

/** A GET on a connection of its own, closed afterwards. */
function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

interface Opened {
  socket: net.Socket;
  /** Everything the server wrote. */
  received: () => string;
  /** Resolves true when the server closed the connection, false when it was still open at GIVE_UP_MS. */
  closed: Promise<boolean>;
}

async function open(): Promise<Opened> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<boolean>((resolve) => {
    const giveUp = setTimeout(() => resolve(false), GIVE_UP_MS);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(true);
    });
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received: () => received, closed };
}

/** Writes one character every 100 ms until the socket closes. */
function dribble(socket: net.Socket, char: string): () => void {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(char);
  }, 100);
  socket.on('close', () => clearInterval(timer));
  return () => clearInterval(timer);
}

describe('slow clients', () => {
  it('cuts a request body sent one byte at a time, while other requests are served', async () => {
    const slow = await open();
    slow.socket.write(
      'POST /api/applications HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\n\r\n{',
    );
    const stop = dribble(slow.socket, ' ');
    expect(await get('/api/health')).toBe(200);
    const wasCut = await slow.closed;
    stop();
    slow.socket.destroy();
    expect(wasCut).toBe(true);
    expect(slow.received()).toMatch(/^$|^HTTP\/1\.1 408/);
    expect(await get('/api/health')).toBe(200);
  });

  it('cuts request headers sent one byte at a time', async () => {
    const slow = await open();
    slow.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const stop = dribble(slow.socket, 'a');
    const wasCut = await slow.closed;
    stop();
    slow.socket.destroy();
    expect(wasCut).toBe(true);
    expect(slow.received()).not.toMatch(/HTTP\/1\.1 200/);
  });

  it('closes an idle keep-alive connection', async () => {
    const idle = await open();
    idle.socket.write(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
    );
    const wasClosed = await idle.closed;
    idle.socket.destroy();
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(wasClosed).toBe(true);
  });

  it('refuses connections from one address beyond the cap, and serves it again once one closes', async () => {
    const held = await Promise.all(Array.from({ length: MAX_PER_ADDRESS }, () => open()));
    const extra = await open();
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await extra.closed).toBe(true);
    expect(extra.received()).toBe('');

    held[0]!.socket.destroy();
    await held[0]!.closed;
    expect(await get('/api/health')).toBe(200);
    for (const { socket } of held) socket.destroy();
  });
});
