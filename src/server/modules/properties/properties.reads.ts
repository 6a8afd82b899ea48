import type { Property } from '../../../shared/schemas/properties';
import type { Context } from '../../context';
import { notFound } from '../../http/errors';
import type { PageRequest } from '../../http/paging';
import { managedPropertiesFilter } from '../authz';
import {
  findPropertyWithOwner,
  listProperties,
  type PropertyListOptions,
} from './properties.repository';
import { readPropertyList, type PropertyListAnswer } from './property-list.statement';

type ManagedListOptions = Omit<PropertyListOptions, 'filter' | 'listing'>;

/** A page of the properties the caller manages (`mine`), as the JSON list answers it. */
export function readManagedPropertyList(
  ctx: Context,
  options: ManagedListOptions,
): Promise<PropertyListAnswer> {
  return readPropertyList(ctx.tx, { ...options, filter: managedPropertiesFilter(ctx.actor) });
}

/** A page of the CSV download: the properties the caller manages. */
export async function readManagedPropertiesPage(
  ctx: Context,
  { query, page }: { query: Omit<ManagedListOptions, keyof PageRequest>; page: PageRequest },
): Promise<Property[]> {
  const { properties } = await listProperties(ctx.tx, {
    ...query,
    ...page,
    filter: managedPropertiesFilter(ctx.actor),
  });
  return properties;
}

/** One property with its owner contact (public). */
export async function readProperty(ctx: Context, id: number): Promise<Property> {
  const property = await findPropertyWithOwner(ctx.tx, id);
  if (!property) throw notFound('properties.not_found', 'Property not found');
  return property;
}
