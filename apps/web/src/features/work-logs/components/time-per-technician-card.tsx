import { Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { useTimePerTechnician, type TimeSubject } from '../api/get-time-per-technician.ts';

/** Worked hours with up to two decimals: what a timesheet or an invoice line shows. */
function hoursOf(seconds: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    seconds / 3600,
  );
}

/**
 * Worked time per technician, billable and not (issue 31 item 11): on an order (every technician
 * who worked on it) or on a technician's page (their time over all orders).
 */
export function TimePerTechnicianCard({ subject }: { subject: TimeSubject }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const time = useTimePerTechnician(subject);
  const titleId = 'orderId' in subject ? 'time-per-technician-order' : 'time-per-technician-tech';

  let body;
  if (time.isPending) {
    body = <Loader size="sm" aria-label={t('app.loading')} />;
  } else if (time.isError) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text c="red" size="sm">
          {formatMessage(t, apiErrorMessage(time.error, 'workLogs.byTechnician.loadFailed'))}
        </Text>
        <Button size="xs" variant="light" onClick={() => void time.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (time.data.length === 0) {
    body = <Text c="dimmed">{t('workLogs.byTechnician.empty')}</Text>;
  } else {
    const hours = (seconds: number) =>
      t('workLogs.byTechnician.hours', { value: hoursOf(seconds, language) });
    body = (
      <Table.ScrollContainer minWidth={280}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workLogs.byTechnician.technician')}</Table.Th>
              <Table.Th ta="right">{t('workLogs.byTechnician.billable')}</Table.Th>
              <Table.Th ta="right">{t('workLogs.byTechnician.nonBillable')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {time.data.map((row) => (
              <Table.Tr key={row.technicianId ?? 'none'}>
                <Table.Td>
                  {row.technicianName ?? t('workLogs.byTechnician.unnamed')}
                  <Text size="xs" c="dimmed">
                    {t('workLogs.byTechnician.logCount', { count: row.logCount })}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {hours(row.billableSeconds)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {hours(row.nonBillableSeconds)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={titleId}>
            {t('workLogs.byTechnician.title')}
          </Title>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
