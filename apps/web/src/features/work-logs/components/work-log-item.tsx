import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { computeWorkLogCost } from '@service-portal/shared/pricing';
import type { CostPricing, WorkLogCost } from '@service-portal/shared/pricing';
import { workedSecondsOf } from '@service-portal/shared/work-logs';
import type { WorkLog } from '@service-portal/shared/work-logs';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { formatElapsed } from './work-log-format.ts';

/**
 * What an open log would cost now: the shared cost rule with the partner's pricing when the reader
 * may see it, else the server's estimate (as of the last answer).
 */
export function previewCost(log: WorkLog, now: Date, pricing: CostPricing | undefined): WorkLogCost | null {
  if (log.status === 'completed') return null;
  if (pricing === undefined) return log.estimate;
  return computeWorkLogCost({ workedSeconds: workedSecondsOf(log, now), category: log.category, pricing });
}

export function WorkLogItem({
  log,
  now,
  pricing,
  busy,
  onTimer,
  onComplete,
  onEdit,
  onDelete,
}: {
  log: WorkLog;
  now: Date;
  pricing: CostPricing | undefined;
  busy: boolean;
  onTimer: (action: 'timer/start' | 'timer/stop') => void;
  onComplete: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const open = log.status === 'open';
  const running = log.timerStartedAt !== null;
  const category = t(`workLogs.categories.${log.category}`);
  const seconds = open ? workedSecondsOf(log, now) : log.workedSeconds;
  const estimate = previewCost(log, now, pricing);

  return (
    <Card withBorder padding="sm" component="li" aria-label={category}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6}>
            <Text fw={600}>{category}</Text>
            <Badge size="sm" variant="light" color={open ? 'blue' : 'green'}>
              {t(`workLogs.status.${log.status}`)}
            </Badge>
            {!log.billable && (
              <Badge size="sm" variant="outline" color="gray">
                {t('workLogs.nonBillable')}
              </Badge>
            )}
            {running && (
              <Badge size="sm" color="red" variant="dot">
                {t('workLogs.running')}
              </Badge>
            )}
          </Group>
          <Text ff="monospace" fz="lg" fw={600} aria-label={t('workLogs.time')} role="timer" aria-live="off">
            {formatElapsed(seconds)}
          </Text>
        </Group>
        {log.description !== null && <Text size="sm">{log.description}</Text>}
        {log.notes !== null && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {log.notes}
          </Text>
        )}
        {log.technicianName !== null && (
          <Text size="sm">{t('workLogs.technician', { name: log.technicianName })}</Text>
        )}
        <Text size="xs" c="dimmed">
          {t('workLogs.by', {
            name: log.userName ?? t('workLogs.someone'),
            at: formatDateTime(log.createdAt, language),
          })}
        </Text>
        {open && estimate !== null && (
          <Text size="sm" data-testid="work-log-estimate">
            {t('workLogs.estimate')}: {formatMoney(estimate.costMinor, estimate.currency, language)} ·{' '}
            {t('workLogs.billed', { minutes: estimate.billedMinutes })}
          </Text>
        )}
        {!open && log.costMinor !== null && log.currency !== null && (
          <Text size="sm" fw={600} data-testid="work-log-cost">
            {t('workLogs.cost')}: {formatMoney(log.costMinor, log.currency, language)} ·{' '}
            {t('workLogs.billed', { minutes: log.billedMinutes ?? 0 })}
          </Text>
        )}
        {open && (
          <Group gap="xs" mt={4}>
            {log.manualMinutes === null &&
              (running ? (
                <Button
                  color="red"
                  leftSection={<IconPlayerStop size={18} />}
                  loading={busy}
                  onClick={() => onTimer('timer/stop')}
                  size="md"
                >
                  {t('workLogs.stop')}
                </Button>
              ) : (
                <Button
                  color="green"
                  leftSection={<IconPlayerPlay size={18} />}
                  loading={busy}
                  onClick={() => onTimer('timer/start')}
                  size="md"
                >
                  {t('workLogs.start')}
                </Button>
              ))}
            <Button variant="light" size="md" disabled={busy} onClick={onComplete}>
              {t('workLogs.complete')}
            </Button>
            <Button variant="subtle" size="md" disabled={busy} onClick={onEdit}>
              {t('workLogs.edit')}
            </Button>
            <Button variant="subtle" color="red" size="md" disabled={busy} onClick={onDelete}>
              {t('workLogs.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
