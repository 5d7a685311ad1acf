import type { UserTokenDto } from '@syncdesk/contracts';
import { AppError } from '../../http/app-error';
import type { RequestScope } from '../../http/request-scope';
import type { Models, UserApiToken } from '../../db/models';
import type { ActivityService } from '../activities/activity.service';
import { API_TOKEN_PREFIX } from './scope.service';
import { createSecretToken } from './secret-token';

function toDto(row: UserApiToken): UserTokenDto {
  return {
    id: row.id,
    name: row.name,
    last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

/** Personal API tokens (`userTokens`): bearer tokens for integrations, bound to a user and a company. */
export interface UserTokenService {
  list(scope: RequestScope): Promise<UserTokenDto[]>;
  create(scope: RequestScope, name: string): Promise<UserTokenDto>;
  remove(scope: RequestScope, id: number): Promise<void>;
}

export function createUserTokenService(deps: {
  models: Models;
  activities: ActivityService;
}): UserTokenService {
  const { UserApiToken } = deps.models;
  return {
    async list(scope) {
      const rows = await UserApiToken.findAll({
        where: { user_id: scope.userId, company_id: scope.companyId },
        order: [['id', 'DESC']],
      });
      return rows.map(toDto);
    },
    async create(scope, name) {
      const { token, hash } = createSecretToken(API_TOKEN_PREFIX);
      const row = await UserApiToken.create({
        user_id: scope.userId,
        company_id: scope.companyId,
        name,
        token_hash: hash,
        last_used_at: null,
      });
      await deps.activities.record(scope, {
        event: 'user_token.created',
        subjectType: 'user_token',
        subjectId: row.id,
        new: { name },
      });
      return { ...toDto(row), token };
    },
    async remove(scope, id) {
      const row = await UserApiToken.findOne({
        where: { id, user_id: scope.userId, company_id: scope.companyId },
      });
      if (!row) throw AppError.notFound();
      await row.destroy();
      await deps.activities.record(scope, {
        event: 'user_token.deleted',
        subjectType: 'user_token',
        subjectId: id,
        old: { name: row.name },
      });
    },
  };
}
