import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Tests pass "test" so Mantine skips transitions and portals. */
  mantineEnv?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
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
