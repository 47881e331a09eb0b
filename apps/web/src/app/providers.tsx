import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { cssVariablesResolver, themeWithLabels } from './theme.ts';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Tests pass "test" so Mantine skips transitions and portals. */
  mantineEnv?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  const { t } = useTranslation();
  // Dialogs' close buttons are named in the user's language (rebuilt when it changes).
  const close = t('common.close');
  const theme = useMemo(() => themeWithLabels({ close }), [close]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={mantineEnv}
    >
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
