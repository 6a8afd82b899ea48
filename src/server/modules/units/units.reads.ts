import type { z } from 'zod';
import type { Unit, UnitListItem, unitListQuerySchema } from '../../../shared/schemas/units';
import type { Context } from '../../context';
import { notFound } from '../../http/errors';
import type { PageRequest } from '../../http/paging';
import { managedRecordsFilter } from '../authz';
import { unitsTable } from './units.table';
import { containsPattern, requireManagedFilters } from '../properties';
import { findUnit, listUnits, toUnit } from './units.repository';

type UnitListQuery = z.output<typeof unitListQuerySchema>;

/**
 * One page of the units list: every unit (public), or with `mine` only those of the
 * properties the caller manages (another landlord's propertyId is a 404).
 */
export async function readUnitList(
  ctx: Context,
  { mine, q, ...filters }: UnitListQuery,
): Promise<{ units: UnitListItem[]; total: number }> {
  if (mine) await requireManagedFilters(ctx, filters);
  return listUnits(ctx.tx, {
    ...filters,
    propertyFilter: mine ? managedRecordsFilter(ctx.actor, unitsTable) : undefined,
    pattern: q ? containsPattern(q) : undefined,
  });
}

/** A page of the CSV download: the units of the properties the caller manages. */
export async function readManagedUnitsPage(
  ctx: Context,
  { query, page }: { query: Omit<UnitListQuery, 'mine' | 'limit' | 'offset'>; page: PageRequest },
): Promise<UnitListItem[]> {
  const { q, ...filters } = query;
  const { units } = await listUnits(ctx.tx, {
    ...filters,
    ...page,
    propertyFilter: managedRecordsFilter(ctx.actor, unitsTable),
    pattern: q ? containsPattern(q) : undefined,
  });
  return units;
}

/** One unit (public). */
export async function readUnit(ctx: Context, id: number): Promise<Unit> {
  const row = await findUnit(ctx.tx, id);
  if (!row) throw notFound('units.not_found', 'Unit not found');
  return toUnit(row);
}
