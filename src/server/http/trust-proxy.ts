import proxyAddr from '@fastify/proxy-addr';

/**
 * Which reverse proxies may speak for the client (X-Forwarded-For, -Proto, -Host). Never
 * 'everyone': a client that may name its own address resets every per-address limit by
 * writing a new one into X-Forwarded-For.
 *   - off: the socket's peer is the client.
 *   - hops: that many proxies in front (the server must not be reachable around them).
 *   - addresses: only peers in these addresses or CIDRs (or loopback, linklocal, uniquelocal).
 */
export type TrustProxy =
  { kind: 'off' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** Whether the i-th address from the socket inwards is a proxy we trust. */
export type TrustFunction = (address: string, hop: number) => boolean;

/** Reads TRUST_PROXY: unset/false/0 (off), a hop count, or a comma-separated address list. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { kind: 'off' };
  if (text === 'true') {
    throw new Error(
      'true would trust every client to name its own address; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const addresses = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(addresses);
  } catch (error) {
    throw new Error(`not an address or CIDR list (${(error as Error).message})`);
  }
  return { kind: 'addresses', addresses };
}

export function trustFunction(trust: TrustProxy): TrustFunction {
  switch (trust.kind) {
    case 'off':
      return () => false;
    case 'hops':
      return (_address, hop) => hop < trust.hops;
    case 'addresses':
      return proxyAddr.compile(trust.addresses);
  }
}
