import '@mantine/core/styles.css';
import './app/a11y.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as configureZod } from 'zod';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

// The server's CSP forbids eval; without this zod probes new Function() and the browser logs a violation.
configureZod({ jitless: true });

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const router = createAppRouter();

// Texts of the detected language load first so the first paint is already translated.
void initI18n().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
