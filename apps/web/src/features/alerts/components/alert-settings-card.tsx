import { Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ALERT_LIMITS, alertSettingsFormSchema, type AlertSettings } from '@service-portal/shared/alerts';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatMessage } from '../../../lib/api-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAlertSettings, useUpdateAlertSettings } from '../api/alert-settings.ts';

interface Values extends Record<string, unknown> {
  stalledAfterDays: string;
}

function SettingsForm({ settings, canEdit }: { settings: AlertSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useUpdateAlertSettings();
  const form = useSchemaForm({
    initialValues: { stalledAfterDays: String(settings.stalledAfterDays) },
    schema: alertSettingsFormSchema,
    // Empty reads as NaN and text as NaN: both get the schema's range message.
    toPayload: (values: Values) => ({
      stalledAfterDays:
        values.stalledAfterDays.trim() === '' ? Number.NaN : Number(values.stalledAfterDays.trim()),
    }),
    fallback: 'alertSettings.saveFailed',
  });
  const submit = form.submit((payload) =>
    save.mutate(
      { ...payload, version: settings.version },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('alertSettings.saved') }),
        onError: (error) => {
          const outcome = form.fail(error);
          notifications.show({ color: 'red', message: formatMessage(t, outcome.message) });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('alertSettings.title')}>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={t('alertSettings.stalledAfterDays')}
          description={t('alertSettings.stalledHint', { count: ALERT_LIMITS.stalledAfterDaysDefault })}
          inputMode="numeric"
          required
          maw={360}
          readOnly={!canEdit}
          {...form.getInputProps('stalledAfterDays')}
        />
        {canEdit && (
          <Button type="submit" mt={{ base: 0, xs: 'xl' }} loading={save.isPending}>
            {t('alertSettings.save')}
          </Button>
        )}
      </Group>
      {!canEdit && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('alertSettings.administratorOnly')}
        </Text>
      )}
    </form>
  );
}

/**
 * The partner's alert settings (issue 31 item 12): how many days an open order may stay in one
 * status before it is an alert. Its Administrator changes it; others with the pricing page read it.
 */
export function AlertSettingsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const settings = useAlertSettings();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="alert-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="alert-settings-title">
          {t('alertSettings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('alertSettings.explain')}
        </Text>
        {settings.isPending ? (
          <Loader size="sm" aria-label={t('alertSettings.loading')} />
        ) : settings.isError ? (
          <LoadErrorAlert message={t('errors.loadData')} onRetry={() => void settings.refetch()} />
        ) : (
          <SettingsForm
            key={`${settings.data.version}:${settings.data.stalledAfterDays}`}
            settings={settings.data}
            canEdit={canEdit}
          />
        )}
      </Stack>
    </Paper>
  );
}
