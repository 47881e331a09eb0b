import { Alert, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { useReportSettings, useUpdateReportSettings } from '../api/report-settings.ts';

/** The partner's rule: an order is completed only once the customer has signed its report. */
export function ReportSettingsCard() {
  const { t } = useTranslation();
  const settings = useReportSettings();
  const update = useUpdateReportSettings();
  return (
    <Card withBorder component="section" aria-labelledby="report-settings-title" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="report-settings-title">
          {t('serviceReports.settings.title')}
        </Title>
        {settings.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {settings.isError && (
          <LoadErrorAlert message={t('errors.loadData')} onRetry={() => void settings.refetch()} />
        )}
        {settings.data && (
          <Switch
            label={t('serviceReports.settings.requireSignature')}
            description={t('serviceReports.settings.requireSignatureHint')}
            checked={update.isPending ? update.variables.requireSignature : settings.data.requireSignature}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ requireSignature: e.currentTarget.checked })}
          />
        )}
        {update.isError && (
          <Alert color="red" role="alert">
            <Text size="sm">
              {formatMessage(t, apiErrorMessage(update.error, 'serviceReports.settings.saveFailed'))}
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
