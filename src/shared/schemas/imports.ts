import { z } from 'zod';

/**
 * Bringing a portfolio in (docs/product.md section "Import"): properties, units, tenants with
 * their leases, and staff, from a CSV or .xlsx file (or Porchlight's own property export).
 * Each kind has its columns; a file's headers are matched to them by name and alias, and the
 * person importing can correct the match before anything is written.
 */
export const IMPORT_KINDS = ['properties', 'units', 'tenants', 'staff'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The upload limit and the row bound: past them the file is refused before it is read. */
export const IMPORT_LIMITS = {
  bytes: 50 * 1024 * 1024,
  rows: 100_000,
  /** What an .xlsx may unpack to: a small file that unpacks to more is a zip bomb. */
  unpackedBytes: 200 * 1024 * 1024,
} as const;

export interface ImportColumn {
  field: string;
  label: string;
  required: boolean;
  /** Other headers that mean this column (compared without case, spaces or punctuation). */
  aliases: readonly string[];
  example: string;
}

const column = (
  field: string,
  label: string,
  required: boolean,
  aliases: readonly string[],
  example: string,
): ImportColumn => ({ field, label, required, aliases, example });

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  properties: [
    column('name', 'Property', true, ['property name', 'building', 'name'], 'Maple Court'),
    column('address', 'Address', true, ['street', 'street address', 'address 1'], '12 Maple St'),
    column('city', 'City', true, ['town'], 'Springfield'),
    column('state', 'State', true, ['st', 'province'], 'IL'),
    column('zipCode', 'Zip code', true, ['zip', 'postal code', 'postcode'], '62701'),
    column('description', 'Description', false, ['notes'], ''),
  ],
  units: [
    column('property', 'Property', true, ['property name', 'building'], 'Maple Court'),
    column(
      'unitNumber',
      'Unit',
      true,
      ['unit #', 'unit number', 'unit no', 'apt', 'apartment'],
      '1A',
    ),
    column('bedrooms', 'Bedrooms', true, ['beds', 'br', 'bed'], '2'),
    column('bathrooms', 'Bathrooms', true, ['baths', 'ba', 'bath'], '1'),
    column('squareFeet', 'Square feet', true, ['sq ft', 'sqft', 'size', 'area'], '850'),
    column('rent', 'Rent', true, ['monthly rent', 'market rent', 'asking rent'], '1,200.00'),
    column('description', 'Description', false, ['notes'], ''),
  ],
  tenants: [
    column('property', 'Property', true, ['property name', 'building'], 'Maple Court'),
    column(
      'unitNumber',
      'Unit',
      true,
      ['unit #', 'unit number', 'unit no', 'apt', 'apartment'],
      '1A',
    ),
    column('firstName', 'First name', true, ['first', 'given name'], 'Ana'),
    column('lastName', 'Last name', true, ['last', 'surname', 'family name'], 'Lopez'),
    column('email', 'Email', true, ['e-mail', 'email address'], 'ana@example.com'),
    column(
      'phoneNumber',
      'Phone',
      true,
      ['phone number', 'mobile', 'cell', 'telephone'],
      '(217) 555-0101',
    ),
    column(
      'startDate',
      'Lease start',
      false,
      ['start', 'start date', 'move in', 'move-in date'],
      '2026-01-01',
    ),
    column('endDate', 'Lease end', false, ['end', 'end date', 'lease end date'], '2026-12-31'),
    column('rent', 'Rent', false, ['monthly rent', 'lease rent'], '1,200.00'),
    column('deposit', 'Deposit', false, ['security deposit', 'deposit agreed'], '1,200.00'),
    column(
      'depositReceived',
      'Deposit received',
      false,
      ['deposit paid', 'deposit held'],
      '1,200.00',
    ),
    column(
      'rentChargedFrom',
      'Rent charged from',
      false,
      ['first charged', 'charge rent from', 'first charged period'],
      '2026-12-01',
    ),
    column('rentDueDay', 'Due day', false, ['rent due day', 'rent due', 'due on'], '1'),
  ],
  staff: [
    column('property', 'Property', true, ['property name', 'building'], 'Maple Court'),
    column('firstName', 'First name', true, ['first', 'given name'], 'Sam'),
    column('lastName', 'Last name', true, ['last', 'surname', 'family name'], 'Ortiz'),
    column('email', 'Email', true, ['e-mail', 'email address'], 'sam@example.com'),
    column('phone', 'Phone', true, ['phone number', 'mobile', 'cell'], '(217) 555-0199'),
    column('position', 'Position', true, ['role', 'title', 'job'], 'Handyman'),
  ],
};

/** A header as it is compared: lower case, letters and digits only ('Unit #' -> 'unit'). */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** The column a header means for a kind, by label, field name or alias; null when none. */
export function columnForHeader(kind: ImportKind, header: string): string | null {
  const key = headerKey(header);
  if (!key) return null;
  for (const col of IMPORT_COLUMNS[kind]) {
    const names = [col.label, col.field, ...col.aliases].map(headerKey);
    if (names.includes(key)) return col.field;
  }
  return null;
}

/** header -> field (or null: the column is ignored), per sheet kind. */
export const importMappingSchema = z.record(z.string().max(200), z.string().max(50).nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** What the person importing may correct: which kind each sheet is, and its header mapping. */
export const importChoicesSchema = z
  .object({
    sheets: z
      .record(
        z.string().max(200),
        z.object({
          kind: z.enum(IMPORT_KINDS).nullable().optional(),
          mapping: importMappingSchema.optional(),
          /**
           * Cells corrected in the preview, by line and header: the file stays as it was, the
           * import reads these values instead.
           */
          edits: z
            .record(
              z.string().regex(/^\d{1,6}$/),
              z.record(z.string().max(200), z.string().max(10_000)),
            )
            .optional(),
        }),
      )
      .optional(),
  })
  .strict();
export type ImportChoices = z.infer<typeof importChoicesSchema>;

export const importRowErrorSchema = z.object({
  sheet: z.string(),
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  /** The file's header of the column at fault, or '' for the whole row. */
  column: z.string(),
  message: z.string(),
  /** The cell's text as read (with any correction), so the preview can offer to correct it. */
  value: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

const countsSchema = z.object({
  properties: z.number().int(),
  units: z.number().int(),
  tenants: z.number().int(),
  leases: z.number().int(),
  staff: z.number().int(),
});
export type ImportCounts = z.infer<typeof countsSchema>;

export const importSheetSchema = z.object({
  name: z.string(),
  kind: z.enum(IMPORT_KINDS).nullable(),
  headers: z.array(z.string()),
  /** header -> field the server used (auto-matched or as chosen). */
  mapping: importMappingSchema,
  rows: z.number().int(),
  /** Required columns no header is mapped to. */
  missing: z.array(z.string()),
});

/** POST /api/imports/preview and POST /api/imports: what the file would do (or did). */
export const importResultSchema = z.object({
  committed: z.boolean(),
  sheets: z.array(importSheetSchema),
  errors: z.array(importRowErrorSchema),
  /** Records the file adds. */
  created: countsSchema,
  /** Records the file names that are already here (same natural key): left as they are. */
  existing: countsSchema,
});
export type ImportResult = z.infer<typeof importResultSchema>;
export type ImportSheet = z.infer<typeof importSheetSchema>;

/**
 * The token a screen names an import with (a random id it makes), so that it may ask how far
 * the server has come while the import runs.
 */
const progressTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'The progress token is 8 to 64 letters, digits or dashes');

export const importProgressQuerySchema = z.object({ progress: progressTokenSchema.optional() });
export const importProgressParamsSchema = z.object({ token: progressTokenSchema });

/**
 * How far an import has come: the file being read, then its rows checked, then written
 * (rows counted as each sheet is done), then done.
 */
export const importProgressSchema = z.object({
  phase: z.enum(['reading', 'checking', 'writing', 'done']),
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

export const importTemplateParamsSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'Kind must be properties, units, tenants or staff' }),
});
