import type { RouteCases } from './route-case';

/** Cases for the people module's routes. */
export const peopleCases: RouteCases = {};
