import type { AppInstance } from '../../http/types';

/** Placeholder: the units calls are built by their own issue. */
export async function unitsRoutes(_app: AppInstance): Promise<void> {}
