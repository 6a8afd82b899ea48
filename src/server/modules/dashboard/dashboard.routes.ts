import type { AppInstance } from '../../http/types';

/** Placeholder: the dashboard calls are built by their own issue. */
export async function dashboardRoutes(_app: AppInstance): Promise<void> {}
