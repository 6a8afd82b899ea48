import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { usersTable } from '../users/users.table';

/**
 * A stored photo or PDF document (a receipt): the bytes live in the file store under `storage_key` (a name the server
 * chose, never the client's file name); this row says who sent it and what it is.
 * Records that show photos (maintenance requests, work orders) reference these rows, and
 * a referenced upload cannot be deleted.
 */
export const uploadsTable = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'restrict' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** A photo's size in pixels; a PDF has none. */
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('uploads_storage_key_key').on(table.storageKey),
    index('uploads_uploaded_by_idx').on(table.uploadedBy),
    check(
      'uploads_content_type_known',
      sql`${table.contentType} IN ('image/webp', 'application/pdf')`,
    ),
    check(
      'uploads_pixels_of_photos',
      sql`(${table.contentType} = 'application/pdf') = (${table.width} IS NULL AND ${table.height} IS NULL)`,
    ),
    check('uploads_byte_size_positive', sql`${table.byteSize} > 0`),
  ],
);

export type UploadRow = typeof uploadsTable.$inferSelect;
