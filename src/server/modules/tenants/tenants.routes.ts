import type { AppInstance } from '../../http/types';

/** Placeholder: the tenants calls are built by their own issue. */
export async function tenantsRoutes(_app: AppInstance): Promise<void> {}
