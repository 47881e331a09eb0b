import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportLanguage, ServiceReport } from '@service-portal/shared/service-reports';
import { formatMoney } from '../../../lib/money.ts';
import { useServiceReport } from '../api/get-service-report.ts';
import { useSignServiceReport } from '../api/sign-service-report.ts';
import { useDownloadReportPdf } from '../api/download-report-pdf.ts';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { SignaturePad } from './signature-pad.tsx';

function Preview({ report }: { report: ServiceReport }) {
  const { t, i18n } = useTranslation();
  const c = report.content;
  const money = (minor: number, currency: ServiceReport['content']['totals'][number]['currency']) =>
    formatMoney(minor, currency, i18n.language);
  return (
    <Stack gap="sm">
      <Text fw={600}>{c.partnerName}</Text>
      <Text>
        {c.customer.name} · {c.title} · {t('serviceReports.serial')}: {c.serialNumber ?? '–'}
      </Text>
      <Title order={3} size="h5">
        {t('serviceReports.parts')}
      </Title>
      {c.parts.length === 0 ? (
        <Text c="dimmed">{t('serviceReports.none')}</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {c.parts.map((p) => (
              <Table.Tr key={p.partNumber + p.partName}>
                <Table.Td>{p.partName}</Table.Td>
                <Table.Td>{p.quantity}</Table.Td>
                <Table.Td>{money(p.lineMinor, p.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h5">
        {t('serviceReports.totals')}
      </Title>
      {c.totals.map((tot) => (
        <Group key={tot.currency} justify="space-between">
          <Text>{t('serviceReports.vat', { rate: Math.round(c.vatRate * 100) })}</Text>
          <Text>{money(tot.vatMinor, tot.currency)}</Text>
          <Text fw={700}>{t('serviceReports.gross')}</Text>
          <Text fw={700}>{money(tot.grossMinor, tot.currency)}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The report on the technician's phone: what will be printed, then the customer's signature. */
export function ServiceReportScreen({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const report = useServiceReport(orderId);
  const sign = useSignServiceReport(orderId);
  const download = useDownloadReportPdf();
  const [png, setPng] = useState<string | null>(null);
  const [typed, setTyped] = useState(false);
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<ReportLanguage>(
    (['en', 'nb', 'es'] as const).find((l) => i18n.language.startsWith(l)) ?? 'en',
  );

  if (report.isPending) return <Loader aria-label={t('serviceReports.loading')} />;
  if (report.isError) return <Alert color="red">{t('serviceReports.loadFailed')}</Alert>;
  const r = report.data;
  const canSign = name.trim().length > 0 && (typed || png !== null) && !sign.isPending;

  return (
    <Stack maw={720}>
      <Title order={1} size="h3">
        {t('serviceReports.title')}
      </Title>
      <Card withBorder>
        <Preview report={r} />
      </Card>
      {r.signed ? (
        <Alert color="green" title={t('serviceReports.signedTitle')}>
          <Text>{t('serviceReports.signedBy', { name: r.signerName ?? '' })}</Text>
          <Text size="xs" style={{ wordBreak: 'break-all' }}>
            SHA-256: {r.sha256}
          </Text>
          <Button
            mt="xs"
            variant="light"
            loading={download.isPending}
            onClick={() => download.mutate({ orderId })}
          >
            {t('serviceReports.download')}
          </Button>
          {download.isError && (
            <Text size="sm" c="red" role="alert" mt="xs">
              {formatMessage(t, apiErrorMessage(download.error, 'serviceReports.downloadFailed'))}
            </Text>
          )}
        </Alert>
      ) : (
        <Card withBorder>
          <Stack>
            <SegmentedControl
              aria-label={t('serviceReports.language')}
              value={language}
              onChange={(v) => setLanguage(v)}
              data={[
                { value: 'en', label: 'English' },
                { value: 'nb', label: 'Norsk' },
                { value: 'es', label: 'Español' },
              ]}
            />
            {typed ? (
              <Text size="sm">{t('serviceReports.typedHint')}</Text>
            ) : (
              <SignaturePad onChange={setPng} />
            )}
            <Button variant="subtle" onClick={() => setTyped((v) => !v)}>
              {typed ? t('serviceReports.drawInstead') : t('serviceReports.typeInstead')}
            </Button>
            <TextInput
              label={t('serviceReports.printedName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
            />
            {sign.isError && (
              <Alert color="red">
                {formatMessage(t, apiErrorMessage(sign.error, 'serviceReports.signFailed'))}
              </Alert>
            )}
            <Button
              disabled={!canSign}
              loading={sign.isPending}
              onClick={() =>
                sign.mutate({
                  signerName: name.trim(),
                  language,
                  signature: typed || png === null ? { kind: 'typed' } : { kind: 'drawn', png },
                })
              }
            >
              {t('serviceReports.sign')}
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
