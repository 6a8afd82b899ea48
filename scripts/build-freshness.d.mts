/** True when dist/ is missing or older than any source it is built from. */
export function buildIsStale(): boolean;
