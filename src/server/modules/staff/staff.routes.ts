import type { AppInstance } from '../../http/types';

/** Placeholder: the staff calls are built by their own issue. */
export async function staffRoutes(_app: AppInstance): Promise<void> {}
