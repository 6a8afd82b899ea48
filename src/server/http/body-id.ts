import { badRequest } from './errors';

/** An edit may repeat its record's id in the body (the spec's client does); it must be the path's. */
export function assertBodyIdMatches(
  resource: string,
  pathId: number,
  bodyId: number | undefined,
): void {
  if (bodyId !== undefined && bodyId !== pathId) {
    throw badRequest(
      `${resource}.id_mismatch`,
      'The id in the body does not match the address',
      'id',
    );
  }
}
