import '@mantine/core/styles.css';
import './app/a11y.css';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/v4/core';
import { mayCarrySessionToken } from './features/shop-auth/session-token.ts';
import { getToken } from './lib/auth-storage.ts';
import { initI18n } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

// The server's CSP forbids eval; without this zod probes new Function() and the browser logs a violation.
configureZod({ jitless: true });

// The app shell is kept for the phone with no network; a new version is offered, not forced.
registerServiceWorker();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const root = createRoot(container);

// A first visit of the sign-in page loads the sign-in screen alone (decision 032); everything else,
// including a sign-in from the shop admin with a session token, loads the app and its router.
const signInFirst =
  window.location.pathname === '/login' &&
  getToken() === null &&
  !mayCarrySessionToken(window.location.search);

// The screen's module loads while the texts of the detected language do, so the first paint is
// already translated.
const texts = initI18n().catch(() => undefined);
if (signInFirst) {
  void Promise.all([import('./app/sign-in-app.tsx'), texts]).then(([{ renderSignIn }]) =>
    renderSignIn(
      root,
      () => void import('./app/full-app.tsx').then(({ renderApp }) => renderApp(root, { signedInNow: true })),
    ),
  );
} else {
  void Promise.all([import('./app/full-app.tsx'), texts]).then(([{ renderApp }]) => renderApp(root));
}
