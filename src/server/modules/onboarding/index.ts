import type { ModuleRoutes } from '../../front-door';
import { onboardingRoutes } from './onboarding.routes';

export const routes: ModuleRoutes = [onboardingRoutes];
