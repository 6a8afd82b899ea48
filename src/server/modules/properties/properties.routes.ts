import type { AppInstance } from '../../http/types';

/** Placeholder: the properties calls are built by their own issue. */
export async function propertiesRoutes(_app: AppInstance): Promise<void> {}
