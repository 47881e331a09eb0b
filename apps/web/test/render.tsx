import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@service-portal/shared/auth';
import { AppProviders } from '../src/app/providers.tsx';
import { routes } from '../src/app/router.tsx';
import { saveSession } from '../src/lib/auth-storage.ts';
import { createQueryClient } from '../src/lib/query-client.ts';

function testQueryClient() {
  // Same defaults as the app, minus the wait between retries.
  return createQueryClient({ queries: { retryDelay: 0 } });
}

export interface RenderAppOptions {
  /** Signed in as this user: token, method and user are in local storage before the app starts. */
  signedInAs?: User;
  /** Viewport width in px; jsdom's default of 1024 is a desktop. */
  width?: number;
  /** For tests on fake timers: `{ advanceTimers: vi.advanceTimersByTime }`. */
  userEvent?: Parameters<typeof userEvent.setup>[0];
}

/** The whole app (providers, router, guards, layout) at a path, as the browser would start it. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  if (options.width !== undefined) window.innerWidth = options.width;
  if (options.signedInAs !== undefined) {
    saveSession({ token: 'test-token', method: 'otp', user: options.signedInAs });
  }
  const queryClient = testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(options.userEvent);
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** One component with the app's providers but no router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = testQueryClient();
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      {ui}
    </AppProviders>,
  );
  return { ...view, queryClient, user };
}
