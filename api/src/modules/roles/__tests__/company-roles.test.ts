import type { PermissionName } from '@syncdesk/contracts';
import { AppError } from '../../../http/app-error';
import type { RequestScope } from '../../../http/request-scope';
import { assertMayGrant, exceedsCaller, GRANT_BEYOND_HELD } from '../company-roles';

const scopeHolding = (permissions: PermissionName[], administrator = false): RequestScope => ({
  userId: 1,
  userName: 'Caller',
  companyId: 1,
  administrator,
  roleId: 1,
  permissions: new Set(permissions),
  ownStoreIds: [],
  sharedStoreIds: [],
  dataProtection: !administrator && permissions.includes('data_protection'),
  tokenId: 'test-token',
  tokenExpiresAt: null,
  via: 'api',
  clientIp: '127.0.0.1',
});

describe('who may grant which permissions', () => {
  it('lets a member grant what they hold, and nothing more', () => {
    const member = scopeHolding(['users.read', 'users.update']);
    expect(exceedsCaller(member, [])).toBe(false);
    expect(exceedsCaller(member, ['users.read'])).toBe(false);
    expect(exceedsCaller(member, ['users.read', 'roles.update'])).toBe(true);
    expect(() => assertMayGrant(member, ['users.update'])).not.toThrow();
    const refusal = (() => {
      try {
        assertMayGrant(member, ['orders.read']);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 403, message: GRANT_BEYOND_HELD });
  });

  it('counts a role without data protection as wider than a member working under it', () => {
    const masked = scopeHolding(['roles.update', 'data_protection']);
    expect(exceedsCaller(masked, ['roles.update'])).toBe(true);
    expect(exceedsCaller(masked, ['roles.update', 'data_protection'])).toBe(false);
    // Granting data protection takes away: anyone may.
    expect(exceedsCaller(scopeHolding([]), ['data_protection'])).toBe(false);
  });

  it('exempts platform administrators, whatever their scope holds', () => {
    const administrator = scopeHolding(['data_protection'], true);
    expect(exceedsCaller(administrator, ['users.update', 'roles.update'])).toBe(false);
    expect(() => assertMayGrant(administrator, ['general.delete'])).not.toThrow();
  });
});
