import type { RouteCases } from './route-case';

/** Cases for the organisation module's routes. */
export const organisationCases: RouteCases = {};
