import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dashboardQueryOptions } from '../features/dashboard/api/get-dashboard';
import { depositsQueryOptions } from '../features/money/api/get-deposits';
import { leaseDepositQueryOptions } from '../features/money/api/get-lease-deposit';
import { ledgerQueryOptions } from '../features/money/api/get-ledger';
import { moneySummaryQueryOptions } from '../features/money/api/get-money-summary';
import { LEDGER_WRITE_CHANGES } from '../features/money/api/use-ledger-mutation';
import { portalHomeQueryOptions } from '../features/portal/api/get-portal-home';
import { overviewQueryOptions } from '../features/property-pages/api/get-overview';
import {
  WORK_ORDER_CHARGE_CHANGES,
  workOrdersQueryOptions,
} from '../features/work-orders/api/work-orders';
import { keysShowing, showsAny } from './entity-caches';
import { queryKeys } from './query-keys';

/** The first element of every key the factories in query-keys.ts can build. */
function keyPrefixes(factories: unknown, into = new Set<unknown>()): Set<unknown> {
  if (Array.isArray(factories)) into.add(factories[0]);
  else if (typeof factories === 'function')
    keyPrefixes((factories as (...args: unknown[]) => unknown)(1, 1), into);
  else if (factories !== null && typeof factories === 'object') {
    for (const value of Object.values(factories)) keyPrefixes(value, into);
  }
  return into;
}

/** The key prefixes no kind of record lists: screens no write would ever refresh. */
function uncoveredPrefixes(map: Record<string, readonly QueryKey[]>): unknown[] {
  const listed = new Set(Object.values(map).flatMap((keys) => keys.map((key) => key[0])));
  return [...keyPrefixes(queryKeys)].filter((prefix) => !listed.has(prefix));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const webRoot = join(__dirname, '..');

describe('the map from records to the screens that show them', () => {
  it("a ledger write reaches the property and unit pages and the tenant's home", () => {
    for (const key of [
      overviewQueryOptions.property(1).queryKey,
      overviewQueryOptions.unit(2).queryKey,
      portalHomeQueryOptions().queryKey,
      ledgerQueryOptions(3).queryKey,
      moneySummaryQueryOptions().queryKey,
      dashboardQueryOptions.summary().queryKey,
    ]) {
      expect(showsAny(key, LEDGER_WRITE_CHANGES), JSON.stringify(key)).toBe(true);
    }
  });

  it('a work-order charge reaches the deposits and the dashboard', () => {
    for (const key of [
      depositsQueryOptions({}).queryKey,
      leaseDepositQueryOptions(4).queryKey,
      dashboardQueryOptions.overview().queryKey,
      dashboardQueryOptions.property(5).queryKey,
      workOrdersQueryOptions.counts().queryKey,
      ledgerQueryOptions(4).queryKey,
    ]) {
      expect(showsAny(key, WORK_ORDER_CHARGE_CHANGES), JSON.stringify(key)).toBe(true);
    }
  });

  it('does not refresh screens of records left alone', () => {
    expect(showsAny(queryKeys.accounts.page('', 1), LEDGER_WRITE_CHANGES)).toBe(false);
    expect(showsAny(queryKeys.staff.list({}), ['notification'])).toBe(false);
  });

  it('lists every query key prefix under some kind of record', () => {
    expect(keyPrefixes(queryKeys).size).toBeGreaterThan(20);
    expect(uncoveredPrefixes(keysShowing)).toEqual([]);
  });

  it('finds a screen left out of the map', () => {
    const planted = Object.fromEntries(
      Object.entries(keysShowing).map(([entity, keys]) => [
        entity,
        keys.filter((key) => key[0] !== queryKeys.overview.all[0]),
      ]),
    );
    expect(uncoveredPrefixes(planted)).toContain('overview');
  });

  it('every screen builds its key from query-keys.ts and only the map invalidates', () => {
    const offenders = sourceFiles(webRoot).flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      const name = relative(webRoot, path);
      const literalKey = /queryKey[:=]\s*\{?\[\s*['"`]/.test(text);
      const handInvalidation =
        name !== join('lib', 'entity-caches.ts') && /invalidateQueries\(/.test(text);
      return literalKey || handInvalidation ? [name] : [];
    });
    expect(offenders).toEqual([]);
  });
});
