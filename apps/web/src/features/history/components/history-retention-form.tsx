import { Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { HISTORY_RETENTION_DEFAULT_MONTHS, historyRetentionSchema } from '@service-portal/shared/history';
import type { HistoryRetention } from '@service-portal/shared/history';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatMessage } from '../../../lib/api-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useHistoryRetention, useSetHistoryRetention } from '../api/retention.ts';

interface Values extends Record<string, unknown> {
  months: string;
}

function RetentionForm({ retention }: { retention: HistoryRetention }) {
  const { t } = useTranslation();
  const save = useSetHistoryRetention();
  const form = useSchemaForm({
    initialValues: { months: String(retention.months) },
    schema: historyRetentionSchema,
    // Empty reads as 0 and text as NaN: both get the schema's range message.
    toPayload: (values: Values) => ({ months: Number(values.months.trim()) }),
    fallback: 'history.retention.saveFailed',
  });
  const submit = form.submit((payload) =>
    save.mutate(payload, {
      onSuccess: () => notifications.show({ color: 'green', message: t('history.retention.saved') }),
      onError: (error) => {
        const outcome = form.fail(error);
        notifications.show({ color: 'red', message: formatMessage(t, outcome.message) });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('history.retention.title')}>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={t('history.retention.months')}
          description={t('history.retention.hint', { count: HISTORY_RETENTION_DEFAULT_MONTHS })}
          inputMode="numeric"
          required
          maw={320}
          {...form.getInputProps('months')}
        />
        <Button type="submit" mt={{ base: 0, xs: 'xl' }} loading={save.isPending}>
          {t('history.retention.save')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The partner's retention of history (issue 26: default two years; the daily job drops whole
 * months and deletes what a shorter retention ends). For the partner's Administrator.
 */
export function HistoryRetentionCard() {
  const { t } = useTranslation();
  const retention = useHistoryRetention();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('history.retention.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('history.retention.explain')}
        </Text>
        {retention.isPending ? (
          <Loader size="sm" aria-label={t('history.loading')} />
        ) : retention.isError ? (
          <LoadErrorAlert message={t('errors.loadData')} onRetry={() => void retention.refetch()} />
        ) : (
          <RetentionForm key={retention.data.months} retention={retention.data} />
        )}
      </Stack>
    </Paper>
  );
}
