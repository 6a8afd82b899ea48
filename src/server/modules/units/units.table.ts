import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { propertiesTable } from '../properties/properties.table';
import { createdAt, decimal, money, updatedAt } from '../../db/columns';
import { organisationOfParent } from '../organisations/organisations.table';

export const unitsTable = pgTable(
  'units',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    // A property with units cannot be deleted: the API answers 409 and says what to remove first.
    propertyId: integer('property_id')
      .notNull()
      .references(() => propertiesTable.id, { onDelete: 'restrict' }),
    unitNumber: text('unit_number').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    bedrooms: integer('bedrooms').notNull(),
    bathrooms: decimal(4, 1)('bathrooms').notNull(),
    squareFeet: decimal(10, 2)('square_feet').notNull(),
    rent: money('rent').notNull(),
    status: text('status').notNull().default('Available'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('units_property_id_idx').on(table.propertyId),
    uniqueIndex('units_property_unit_number_key').on(table.propertyId, table.unitNumber),
    check('units_bedrooms_non_negative', sql`${table.bedrooms} >= 0`),
    check(
      'units_bathrooms_half_steps',
      sql`${table.bathrooms} >= 0 AND mod(${table.bathrooms} * 2, 1) = 0`,
    ),
    check('units_square_feet_non_negative', sql`${table.squareFeet} >= 0`),
    check('units_rent_non_negative', sql`${table.rent} >= 0`),
    check(
      'units_status_known',
      sql`${table.status} IN ('Available','Rented','Maintenance','Unavailable')`,
    ),
    check('units_image_url_http', sql`${table.imageUrl} ~* '^https?://'`),
  ],
);

export type UnitRow = typeof unitsTable.$inferSelect;
