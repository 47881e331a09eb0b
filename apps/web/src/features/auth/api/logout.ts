import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/auth-storage.ts';

export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout');
}

/**
 * Revokes the token on the server, then forgets it locally even when the server could not be reached.
 * The route guard, seeing a deliberate sign-out, sends the user to /login without remembering the page.
 */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: () => clearSession('signedOut'),
  });
}
