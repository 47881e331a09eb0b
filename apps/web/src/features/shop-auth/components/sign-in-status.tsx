import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type SignInPhase = { name: 'processing' } | { name: 'success' } | { name: 'failure'; message: string };

/**
 * Spec §2/§4: processing, then success or failure, with the spec's words. A failure stays on the
 * screen until the user goes back to sign in (issue 31: its reason vanished after 3 s).
 */
export function SignInStatus({ phase, onBack }: { phase: SignInPhase; onBack: () => void }) {
  const { t } = useTranslation();
  if (phase.name === 'failure') {
    return (
      <Stack gap="sm" py="md" role="alert">
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('auth.states.failed')}>
          {phase.message}
        </Alert>
        <Group justify="center">
          <Button onClick={onBack}>{t('auth.states.backToLogin')}</Button>
        </Group>
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
