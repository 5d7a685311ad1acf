import type { RouteCases } from './route-case';

// FOUNDATION STUB — filled in with the routes of this area.
export const customersCases: RouteCases = {};
