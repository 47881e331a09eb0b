import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/auth-storage.ts';
import { clearPhoneDb } from '../../../lib/phone-db.ts';

export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout');
}

/**
 * Revokes the token on the server, then forgets it locally even when the server could not be reached.
 * The phone's offline store is emptied too. The route guard, seeing a deliberate sign-out, sends the user to /login without remembering the page.
 */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      // The day kept on the phone is the signed-out user's: it goes with the session (issue 28 §4).
      await clearPhoneDb().catch(() => undefined);
      // Typing kept from an expired session is not for whoever signs in next (loaded here: rare).
      await import('../../../lib/form-drafts-kept.ts')
        .then((m) => m.clearFormDrafts())
        .catch(() => undefined);
      clearSession('signedOut');
    },
  });
}
