import type { TeamMember, TeamQuery } from '@service-portal/shared/users';
import type { TenantScope } from '../../db/tenant.ts';
import { notFound } from '../../errors.ts';
import type { UsersRepository } from './users.repository.ts';

export function createUsersService(repo: UsersRepository) {
  return {
    async list(scope: TenantScope, query: TeamQuery) {
      const { items, total } = await repo.list(scope, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
    async get(scope: TenantScope, id: string): Promise<TeamMember> {
      const user = await repo.get(scope, id);
      if (!user) throw notFound('User');
      return user;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
