import type { CompanyUser, Invitation, Models, Role, User } from '../../db/models';

/**
 * Aliases of the associations the people module queries through. models.ts defines no associations,
 * so the module adds its own, under names no other module uses (the organisation module may add
 * its own on the same classes).
 */
export const MEMBER_USER = 'memberUser';
export const MEMBER_ROLE = 'memberRole';
export const INVITATION_ROLE = 'invitationRole';

export type MemberRow = CompanyUser & { [MEMBER_USER]?: User; [MEMBER_ROLE]?: Role | null };
export type InvitationRow = Invitation & { [INVITATION_ROLE]?: Role | null };

/** Idempotent: models are defined once per Sequelize instance, and so are these. */
export function defineMemberAssociations(models: Models): void {
  if (!models.CompanyUser.associations[MEMBER_USER]) {
    models.CompanyUser.belongsTo(models.User, { as: MEMBER_USER, foreignKey: 'user_id', constraints: false });
  }
  if (!models.CompanyUser.associations[MEMBER_ROLE]) {
    models.CompanyUser.belongsTo(models.Role, { as: MEMBER_ROLE, foreignKey: 'role_id', constraints: false });
  }
  if (!models.Invitation.associations[INVITATION_ROLE]) {
    models.Invitation.belongsTo(models.Role, {
      as: INVITATION_ROLE,
      foreignKey: 'role_id',
      constraints: false,
    });
  }
}
