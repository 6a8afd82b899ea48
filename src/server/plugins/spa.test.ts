import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits } from '../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp } from '../test/test-app';

/**
 * Who gets which '/': a built web root beside a stand-in for the built renderer (the real one
 * is React code, rendered and tested in src/web/app/visitor/visitor-page.test.tsx). The
 * stand-in writes what the server handed it into the page, so the tests see exactly that.
 */
const SPA_HTML = '<!doctype html><div id="root"></div><script src="/spa.js"></script>';
const TEMPLATE = '<!doctype html><div id="root"><!--visitor-app--></div>';
const RENDERER = `
export const firstPageUrl = '/api/properties?include=units&limit=12&offset=0';
let renders = 0;
export function renderVisitorPage({ template, items, totalHeader, isPhone }) {
  renders += 1;
  const seen = { names: items.map((p) => p.name), units: items.map((p) => p.units.length), totalHeader, isPhone, renders };
  return template.replace('<!--visitor-app-->', () => '<pre>' + JSON.stringify(seen) + '</pre>');
}
`;

let buildDir: string;
let t: TestApp;

beforeAll(async () => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'porchlight-spa-'));
  mkdirSync(path.join(buildDir, 'web'));
  mkdirSync(path.join(buildDir, 'ssr'));
  writeFileSync(path.join(buildDir, 'web', 'index.html'), SPA_HTML);
  writeFileSync(path.join(buildDir, 'web', 'visitor.html'), TEMPLATE);
  writeFileSync(path.join(buildDir, 'ssr', 'visitor-server.js'), RENDERER);
  t = await createTestApp({ webRoot: path.join(buildDir, 'web') });
});

afterAll(async () => {
  await t.close();
  rmSync(buildDir, { recursive: true, force: true });
});

/** What the stand-in renderer was given, read back from the page. */
function rendered(body: string): {
  names: string[];
  units: number[];
  totalHeader: string | null;
  isPhone: boolean;
  /** How many pages the renderer had made when it made this one. */
  renders: number;
} {
  const match = /<pre>(.*)<\/pre>/.exec(body);
  if (!match?.[1]) throw new Error(`not the visitor's page: ${body.slice(0, 120)}`);
  return JSON.parse(match[1]);
}

describe("a visitor's '/'", () => {
  it("is rendered by the server with the catalogue's first page, as the public list answers it", async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    await createPropertyWithUnits(landlord, ['Available', 'Rented']);
    const list = await t.request({ method: 'GET', url: '/api/properties?include=units&limit=12' });

    const page = await t.request({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toContain('Cookie');
    const seen = rendered(page.body);
    const listed = list.json<{ name: string; units: unknown[] }[]>();
    expect(seen.names).toEqual(listed.map((property) => property.name));
    expect(seen.units).toEqual(listed.map((property) => property.units.length));
    expect(seen.totalHeader).toBe(list.headers['x-total-count']);
    expect(seen.isPhone).toBe(false);
  });

  it("takes a phone's browser for a phone", async () => {
    const page = await t.request({
      method: 'GET',
      url: '/',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
      },
    });
    expect(rendered(page.body).isPhone).toBe(true);
  });

  it('is the same for a cookie whose session is unknown or over', async () => {
    const page = await t.request({
      method: 'GET',
      url: '/',
      headers: { cookie: 'porchlight_session=no-such-session' },
    });
    expect(rendered(page.body).names).toBeInstanceOf(Array);

    const tenant = await signUpAndLogin(t, 'Tenant');
    await tenant.request({ method: 'POST', url: '/api/authentication/logout' });
    const afterLogout = await tenant.request({ method: 'GET', url: '/' });
    expect(rendered(afterLogout.body).names).toBeInstanceOf(Array);
  });

  it('is rendered again only when the catalogue changes', async () => {
    const first = rendered((await t.request({ method: 'GET', url: '/' })).body);
    const again = rendered((await t.request({ method: 'GET', url: '/' })).body);
    expect(again).toEqual(first);

    const landlord = await signUpAndLogin(t, 'Landlord');
    await createPropertyWithUnits(landlord, ['Available']);
    const afterAdd = rendered((await t.request({ method: 'GET', url: '/' })).body);
    expect(afterAdd.renders).toBeGreaterThan(first.renders);
    expect(Number(afterAdd.totalHeader)).toBe(Number(first.totalHeader) + 1);
    expect(rendered((await t.request({ method: 'GET', url: '/' })).body)).toEqual(afterAdd);
  });

  it('answers HEAD without a body', async () => {
    const head = await t.request({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe("a logged-in user's '/'", () => {
  it('is the SPA, which shows their own home', async () => {
    for (const role of ['Landlord', 'Tenant', 'Maintenance'] as const) {
      const user = await signUpAndLogin(t, role);
      const page = await user.request({ method: 'GET', url: '/' });
      expect(page.statusCode, role).toBe(200);
      expect(page.body, role).toBe(SPA_HTML);
    }
  });
});

describe('the rest of the web root', () => {
  it("serves the SPA for its routes, and never the visitor page's raw template", async () => {
    for (const url of ['/properties', '/login', '/visitor.html']) {
      const page = await t.request({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(SPA_HTML);
    }
  });
});
