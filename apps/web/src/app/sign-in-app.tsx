import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { getToken, subscribeSession } from '../lib/auth-storage.ts';
import { returnPathFrom } from './guards/return-path.ts';
import { SignInScreen } from './sign-in-screen.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** React Router keeps a location's state under `usr` in the history entry. */
function routerState(): unknown {
  return (window.history.state as { usr?: unknown } | null)?.usr;
}

/**
 * A first visit of /login without a session: the sign-in screen alone, without the router, the
 * query cache, the app frame or the full zod library (decision 032). Once a session is stored,
 * `openApp` replaces it with the whole app on the same React root; the app's /login route then sends
 * the user on to where they were heading.
 */
export function renderSignIn(root: Root, openApp: () => void): void {
  const stop = subscribeSession(() => {
    if (getToken() === null) return;
    stop();
    openApp();
  });
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <SignInScreen returnUrl={returnPathFrom(routerState())} />
      </MantineProvider>
    </StrictMode>,
  );
}
