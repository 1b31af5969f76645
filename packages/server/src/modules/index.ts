import type { Module } from '../platform/app.ts';
import { healthRoutes, whoamiRoutes } from './health/routes.ts';

/** Every module's routes, in registration order. */
export const modules: Module[] = [healthRoutes, whoamiRoutes];
