import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { seedProfileFromSession } from '../features/auth/session-profile.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { UpdateBanner } from '../components/update-banner.tsx';

/**
 * The whole app: every route behind the router, with the session, the cache and the theme.
 * `signedInNow`: the sign-in screen (sign-in-app.tsx) has just stored a session.
 */
export function renderApp(root: Root, { signedInNow = false }: { signedInNow?: boolean } = {}): void {
  const queryClient = createQueryClient();
  if (signedInNow) seedProfileFromSession(queryClient);
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        <UpdateBanner />
      </AppProviders>
    </StrictMode>,
  );
}
