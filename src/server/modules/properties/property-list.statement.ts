import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { propertiesTable } from './properties.table';
import { usersTable } from '../users';
import {
  listedUnitCondition,
  propertyListWhere,
  propertySortColumns,
  type PropertyListOptions,
} from './properties.repository';
import { unitNumberOrder } from '../../db/unit-order';

/**
 * One page of the property list as ONE SQL statement that builds the answer's JSON inside
 * the database: the page, each property's owner contact and (include=units) its units, the
 * exact total and the public listing's revision, all read in one snapshot. The server sends
 * the JSON as it is: no row mapping, no validation or serialization of every field again,
 * which cost more than the query. The answer's shape is propertySchema's
 * (shared/schemas/properties.ts); the tests check it against the schema.
 *
 * The matches are found once (a materialized CTE: the search's LIKE runs over each text
 * once) and hold only their sort keys; the total counts them, the page takes its rows from
 * them, and only the page's rows are read whole.
 */

export interface PropertyListAnswer {
  /** A JSON array of propertySchema objects. */
  body: string;
  total: number;
  /** public_listing_revision when the page was read (null if its row is missing). */
  revision: number | null;
}

const p = propertiesTable;

// The numerics as float8, so the JSON numbers read as JavaScript writes them (1250, not
// 1250.00): both print a double's shortest exact form.
// A listing shows the units its filters ask for, the Available ones first.
const unitsJson = (options: PropertyListOptions) => sql`(
  SELECT coalesce(json_agg(json_build_object('id', u.id, 'unitNumber', u.unit_number,
      'propertyId', u.property_id, 'description', u.description, 'imageUrl', u.image_url,
      'bedrooms', u.bedrooms, 'bathrooms', u.bathrooms::float8,
      'squareFeet', u.square_feet::float8, 'rent', u.rent::float8, 'status', u.status)
    ORDER BY ${options.listing ? sql`(u.status = 'Available') DESC, ` : sql``}${unitNumberOrder(sql`u.unit_number`)}, u.id), '[]')
  FROM units u WHERE u.property_id = pp.id
    ${options.listing ? sql`AND ${listedUnitCondition(options.listing)}` : sql``})`;

/**
 * The list's order over the CTEs' columns: the asked column first, then name without
 * regard to case, name, id (listProperties' order, which ends on a unique column).
 */
function orderBy(alias: 'm' | 'pg', options: PropertyListOptions): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const keys = [column('name_key'), column('name'), column('id')];
  if (options.sort) {
    keys.unshift(sql`${column('sort_key')} ${sql.raw(options.order === 'desc' ? 'desc' : 'asc')}`);
  }
  return sql.join(keys, sql`, `);
}

export function propertyListStatement(db: Database, options: PropertyListOptions): SQL {
  const sortKey = options.sort ? propertySortColumns[options.sort] : sql`null`;
  return sql`
    WITH m AS MATERIALIZED (
      SELECT ${p.id} AS id, lower(${p.name}) AS name_key, ${p.name} AS name,
             ${sortKey} AS sort_key
      FROM ${p} JOIN ${usersTable} ON ${usersTable.id} = ${p.userId}
      WHERE ${propertyListWhere(db, options) ?? sql`true`}
    ),
    pg AS MATERIALIZED (
      SELECT m.* FROM m ORDER BY ${orderBy('m', options)}
      LIMIT ${options.limit} OFFSET ${options.offset}
    )
    SELECT
      (SELECT revision FROM public_listing_revision) AS revision,
      (SELECT count(*) FROM m)::int AS total,
      (SELECT coalesce(json_agg(json_build_object(
          'id', pp.id, 'userId', pp.user_id, 'name', pp.name, 'description', pp.description,
          'address', pp.address, 'city', pp.city, 'state', pp.state, 'zipCode', pp.zip_code,
          'imageUrl', pp.image_url,
          'owner', json_build_object('id', o.id, 'userName', o.user_name,
            'name', coalesce(o.display_name, o.user_name),
            'email', CASE WHEN o.show_email_publicly THEN o.email END,
            'phone', CASE WHEN o.show_phone_publicly THEN o.phone END)
          ${options.includeUnits ? sql`, 'units', ${unitsJson(options)}` : sql``}
        ) ORDER BY ${orderBy('pg', options)}), '[]')
       FROM pg JOIN properties pp ON pp.id = pg.id JOIN users o ON o.id = pp.user_id)::text AS body`;
}

/** The row of propertyListStatement: the revision and total are bigints on one driver. */
const statementRow = z.object({
  revision: z.coerce.number().nullable(),
  total: z.coerce.number(),
  body: z.string(),
});

export async function readPropertyList(
  db: Database,
  options: PropertyListOptions,
): Promise<PropertyListAnswer> {
  const [row] = await readRows(db, propertyListStatement(db, options), statementRow);
  return { body: row!.body, total: row!.total, revision: row!.revision };
}
