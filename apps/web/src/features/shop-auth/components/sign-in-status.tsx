import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type SignInPhase = { name: 'processing' } | { name: 'success' } | { name: 'failure'; message: string };

/** Spec §2/§4: processing, then success or failure, with the spec's words. */
export function SignInStatus({ phase }: { phase: SignInPhase }) {
  const { t } = useTranslation();
  if (phase.name === 'failure') {
    return (
      <Stack gap="sm" py="md" role="alert">
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('auth.states.failed')}>
          {phase.message}
        </Alert>
        <Text ta="center" size="sm" c="dimmed">
          {t('auth.states.redirectingToLogin')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="sm" py="lg" role="status" aria-live="polite">
      {phase.name === 'processing' ? (
        <Loader aria-hidden="true" />
      ) : (
        <IconCircleCheck size={36} color="var(--mantine-color-green-6)" aria-hidden="true" />
      )}
      <Text ta="center">
        {t(phase.name === 'processing' ? 'auth.states.processing' : 'auth.states.success')}
      </Text>
    </Stack>
  );
}
