import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema } from '@service-portal/shared/auth';
import type { User } from '@service-portal/shared/auth';
import { LIMITS } from '@service-portal/shared/limits';
import { apiClient } from '../../../lib/api-client.ts';
import { toApiFailure } from '../../../lib/api-errors.ts';
import { saveUser } from '../../../lib/auth-storage.ts';

export async function getProfile(): Promise<User> {
  const response = await apiClient.get<unknown>('/user/profile');
  return userSchema.parse(response.data);
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'profile'] as const,
    queryFn: async () => {
      const user = await getProfile();
      // The stored copy is what keeps a user signed in when the server cannot be reached at start-up.
      saveUser(user);
      return user;
    },
    // A 4xx will not change on a second try; a dropped connection or a busy server might.
    retry: (failureCount, error) => {
      const failure = toApiFailure(error);
      const transient = failure.kind === 'network' || (failure.kind === 'http' && failure.status >= 500);
      return transient && failureCount < LIMITS.queryRetry;
    },
  });
}

export function useProfile(options?: { enabled?: boolean }) {
  return useQuery({ ...profileQueryOptions(), enabled: options?.enabled ?? true });
}
