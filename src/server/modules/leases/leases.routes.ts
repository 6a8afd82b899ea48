import type { AppInstance } from '../../http/types';

/** Placeholder: the leases calls are built by their own issue. */
export async function leasesRoutes(_app: AppInstance): Promise<void> {}
