import { IMPORT_COLUMNS, type ImportKind } from '../../../shared/schemas/imports';
import { propertyExportSchema } from '../../../shared/schemas/property-export';
import { badRequest } from '../../http/errors';
import type { LeaseState } from '../../../shared/lease-state';

const OPEN_STATES: readonly LeaseState[] = ['upcoming', 'active', 'ending_soon'];

interface RawSheet {
  name: string;
  rows: string[][];
}

/** A sheet of one kind with the template's headers (its columns' labels). */
function sheetOf(kind: ImportKind, records: Record<string, string>[]): RawSheet {
  const columns = IMPORT_COLUMNS[kind];
  return {
    name: kind,
    rows: [
      columns.map((c) => c.label),
      ...records.map((record) => columns.map((c) => record[c.field] ?? '')),
    ],
  };
}

const amount = (value: number) => value.toFixed(2);

/**
 * Porchlight's own property export (GET /api/properties/{id}/export) read as the sheets of an
 * import, so a property moves to another install: the property, its units, staff, the tenants
 * living there and their leases with the deposit received. Ledgers and work orders stay
 * behind: the new install charges rent from the day of the import (docs/product.md, Import).
 */
export function sheetsOfPropertyExport(text: string): RawSheet[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('imports.bad_json', 'The file is not valid JSON', 'file');
  }
  const parsed = propertyExportSchema.safeParse(json);
  if (!parsed.success) {
    throw badRequest(
      'imports.bad_json',
      'This JSON file is not a Porchlight property export',
      'file',
    );
  }
  const { property, units, staff, tenants, leases } = parsed.data;
  const current = tenants.filter((tenant) => !tenant.movedOutOn);
  const tenantRows = current.flatMap((tenant) => {
    const person = {
      property: property.name,
      unitNumber: tenant.unitNumber,
      firstName: tenant.firstName,
      lastName: tenant.lastName,
      email: tenant.email,
      phoneNumber: tenant.phoneNumber,
    };
    // The leases that had not ended when the file was written: their state then, which the
    // export carries (read from the dates by the tenancy rules, docs/product.md section 25).
    const own = leases.filter(
      (lease) => lease.tenantId === tenant.id && OPEN_STATES.includes(lease.state),
    );
    if (own.length === 0) return [person];
    return own.map((lease) => ({
      ...person,
      startDate: lease.startDate,
      endDate: lease.endDate,
      rent: amount(lease.rent),
      deposit: amount(lease.depositAccount.agreed),
      depositReceived: amount(lease.depositAccount.received),
      rentDueDay: lease.rentDueDay === null ? '' : String(lease.rentDueDay),
    }));
  });
  return [
    sheetOf('properties', [
      {
        name: property.name,
        address: property.address,
        city: property.city,
        state: property.state,
        zipCode: property.zipCode,
        description: property.description ?? '',
      },
    ]),
    sheetOf(
      'units',
      units.map((unit) => ({
        property: property.name,
        unitNumber: unit.unitNumber,
        bedrooms: String(unit.bedrooms),
        bathrooms: String(unit.bathrooms),
        squareFeet: String(unit.squareFeet),
        rent: amount(unit.rent),
        description: unit.description ?? '',
      })),
    ),
    sheetOf('tenants', tenantRows),
    sheetOf(
      'staff',
      staff.map((member) => ({
        property: property.name,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        phone: member.phone,
        position: member.position,
      })),
    ),
  ].filter((sheet) => sheet.rows.length > 1);
}
