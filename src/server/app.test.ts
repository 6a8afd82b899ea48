import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

describe('the HTTP layer', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'porchlight-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Porchlight</title><div id="root"></div>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("hi")');
    t = await createTestApp({ webRoot });
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"Username": "half',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body is not valid JSON',
      code: 'bad_request',
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ Username: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request body is too large');
  });

  it('answers wrong types with 400 and the fields at fault', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/users',
      payload: { Username: 42, Password: ['x'], Roles: 'Landlord' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining(['userName', 'password', 'roles']),
    );
  });

  it('answers an unknown API path with a JSON 404, never the app page', async () => {
    const response = await t.request({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().message).toBe('Not found: GET /api/does-not-exist');
  });

  it('serves the app page for any other path, so the client router can take it', async () => {
    for (const url of ['/', '/unit/12', '/lease/create', '/no/such/page']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches content-hashed assets for a year', async () => {
    const response = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the security headers on every answer', async () => {
    const response = await t.request({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: no HSTS, which would only bind over HTTPS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the OpenAPI document and its reference page', async () => {
    const doc = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/users', '/api/authentication/login', '/api/health']),
    );
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('behind an HTTPS proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: { kind: 'hops', hops: 1 } });
  });
  afterAll(() => t.close());

  it('adds HSTS when the request came over HTTPS', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('an unexpected failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Closing the embedded database under the app makes the next query throw something
  // unexpected (a closed PostgreSQL pool is a 503 instead, tested in database-outage.test.ts).
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'answers 500 with a generic message and no internals',
    async () => {
      await t.database.close();
      const response = await t.request({
        method: 'POST',
        url: '/api/authentication/login',
        payload: { userName: 'someone', password: 'whatever-it-is' },
      });
      expect(response.statusCode).toBe(500);
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
      expect(response.body).not.toMatch(/stack|PGlite|\.ts:/i);
    },
  );
});
