import { and, eq } from 'drizzle-orm';
import type { Upload } from '../../../shared/schemas/uploads';
import type { Database } from '../../db/client';
import { uploadsTable, type UploadRow } from './uploads.table';

export function toUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    contentType: row.contentType,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertUpload(
  db: Database,
  values: Omit<UploadRow, 'id' | 'createdAt'> & { createdAt: Date },
): Promise<UploadRow> {
  const [row] = await db.insert(uploadsTable).values(values).returning();
  return row!;
}

/** An upload its sender may see or withdraw; anyone else's answers as missing. */
export async function findOwnUpload(
  db: Database,
  userId: number,
  id: number,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadsTable)
    .where(and(eq(uploadsTable.id, id), eq(uploadsTable.uploadedBy, userId)))
    .limit(1);
  return row;
}

export async function findUpload(db: Database, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploadsTable).where(eq(uploadsTable.id, id)).limit(1);
  return row;
}

export async function deleteUploadRow(db: Database, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.delete(uploadsTable).where(eq(uploadsTable.id, id)).returning();
  return row;
}
