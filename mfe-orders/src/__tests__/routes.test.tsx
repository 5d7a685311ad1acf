import { ROUTE_PATTERNS } from '@syncdesk/contracts';

import { routes } from '../routes';

describe('mfe-orders routes', () => {
  it('offers the rules pages, with `/rules/create` before the rule id pattern', () => {
    const paths = routes.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([ROUTE_PATTERNS.rules, ROUTE_PATTERNS.ruleCreate, ROUTE_PATTERNS.ruleDetail]),
    );
    expect(paths.indexOf(ROUTE_PATTERNS.ruleCreate)).toBeLessThan(paths.indexOf(ROUTE_PATTERNS.ruleDetail));
  });
});
