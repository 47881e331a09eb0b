import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useCustomerReport } from '../api/customer-report.ts';
import { useDownloadReportPdf } from '../api/download-report-pdf.ts';

/** The signed service report on the customer's status page: who signed, when, its hash, the PDF. */
export function CustomerReportCard({ token, session }: { token: string; session: string }) {
  const { t, i18n } = useTranslation();
  const report = useCustomerReport(token, session);
  const download = useDownloadReportPdf();
  if (report.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
  if (report.isError)
    return <LoadErrorAlert message={t('errors.loadData')} onRetry={() => void report.refetch()} />;
  const r = report.data;
  if (!r.signed) return null;
  return (
    <Card withBorder component="section" aria-labelledby="customer-report-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="customer-report-title">
          {t('serviceReports.customer.title')}
        </Title>
        <Text size="sm">
          {t('serviceReports.customer.signed', {
            name: r.signerName ?? '',
            time: r.signedAt ? formatDateTime(r.signedAt, i18n.language) : '',
          })}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          SHA-256: {r.sha256}
        </Text>
        {download.isError && (
          <Alert color="red" role="alert">
            {formatMessage(t, apiErrorMessage(download.error, 'serviceReports.downloadFailed'))}
          </Alert>
        )}
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          loading={download.isPending}
          onClick={() => download.mutate({ token, session })}
        >
          {t('serviceReports.download')}
        </Button>
      </Stack>
    </Card>
  );
}
