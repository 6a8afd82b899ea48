import type { AppInstance } from '../../http/types';

/** Placeholder: the applications calls are built by their own issue. */
export async function applicationsRoutes(_app: AppInstance): Promise<void> {}
