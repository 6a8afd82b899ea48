/** Rows per INSERT of a batch write: well under PostgreSQL's 65,535 parameters per statement. */
export const BATCH_ROWS = 1000;

/** Splits a batch into the chunks of one multi-row INSERT each. */
export function chunked<T>(items: readonly T[], size: number = BATCH_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}
