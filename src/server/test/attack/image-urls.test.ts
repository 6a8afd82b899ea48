import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { buildWorld, fingerprint, listOperations, sampleBodyFor, type World } from './attack-kit';

/** Image links a browser would run or that are not web images are refused, on every call that takes one. */
const REFUSED = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/a.png',
  '//evil.example/a.png',
  'http://exa mple.com/a.png',
  'https://',
];

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
});
afterAll(() => t?.close());

describe('image URLs', () => {
  it('refuses anything but http(s) on every call with an imageUrl field, and stores nothing', async () => {
    const calls = listOperations(t).filter(
      (op) => op.body?.properties && 'imageUrl' in op.body.properties,
    );
    expect(calls.length).toBeGreaterThanOrEqual(4);
    const before = await fingerprint(t);
    for (const op of calls) {
      const url = op.path.replace('{id}', String(world.ids[op.path.split('/')[2]!]));
      for (const imageUrl of REFUSED) {
        const response = await world.a.request({
          method: op.method,
          url,
          payload: { ...sampleBodyFor(op, world.ids), imageUrl },
        });
        expect(response.statusCode, `${op.key} ${imageUrl}`).toBe(400);
        expect(response.json().errors, `${op.key} ${imageUrl}`).toHaveProperty('imageUrl');
      }
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('accepts http and https links', async () => {
    const op = listOperations(t).find((o) => o.key === 'POST /api/properties')!;
    for (const imageUrl of ['http://example.com/a.png', 'https://images.example.com/b.jpg?w=640']) {
      const response = await world.a.request({
        method: 'POST',
        url: '/api/properties',
        payload: { ...sampleBodyFor(op, world.ids), imageUrl },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().imageUrl).toBe(imageUrl);
    }
  });
});
