import type { Server } from 'node:http';
import type { TrustFunction } from './trust-proxy';

/**
 * Caps the connections one client address may hold open. Each open socket costs a file
 * descriptor; without a cap, one address holding thousands of slow connections starves
 * everyone else. A trusted proxy carries many clients on its connections, so it is exempt
 * (limit per client at the proxy then).
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  isTrustedProxy: TrustFunction,
): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
