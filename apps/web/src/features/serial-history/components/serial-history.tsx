import { lazy, Suspense, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Image, Loader, Stack, Text, TextInput, Timeline } from '@mantine/core';
import {
  IconCamera,
  IconClipboardList,
  IconClock,
  IconPackage,
  IconReplace,
  IconTruck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SerialEvent, SerialEventKind } from '@service-portal/shared/serial-history';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useSerialHistory } from '../api/serial-history.ts';
import { serialHistoryPath } from './serial-history-link.tsx';

// The scan button loads after the page: the toilet route's first JS stays within its budget.
const ScanButton = lazy(() =>
  import('../../../components/scan-button.tsx').then((m) => ({ default: m.ScanButton })),
);

const ICONS: Record<SerialEventKind, typeof IconClock> = {
  order_created: IconClipboardList,
  status_changed: IconReplace,
  spare_part: IconPackage,
  work_log: IconClock,
  photo: IconCamera,
  rental: IconTruck,
};

/** Type a serial number, open its history (the toilet page). */
export function SerialLookup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [serial, setSerial] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (serial.trim()) void navigate(serialHistoryPath(serial));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('serialHistory.lookupLabel')}
          placeholder={t('serialHistory.lookupPlaceholder')}
          value={serial}
          onChange={(e) => setSerial(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          rightSection={
            <Suspense fallback={null}>
              <ScanButton
                label={t('serialHistory.lookupLabel')}
                onScan={(text) => {
                  setSerial(text);
                  if (text.trim()) void navigate(serialHistoryPath(text.trim()));
                }}
              />
            </Suspense>
          }
        />
        <Button type="submit" disabled={!serial.trim()}>
          {t('serialHistory.lookup')}
        </Button>
      </Group>
    </form>
  );
}

function EventBody({ event }: { event: SerialEvent }) {
  const { t, i18n } = useTranslation();
  const title =
    event.kind === 'status_changed'
      ? t('serialHistory.statusChanged', {
          from: event.fromStatus
            ? t(`serviceOrders.status.${event.fromStatus}` as 'serviceOrders.status.created')
            : '—',
          to: t(`serviceOrders.status.${event.toStatus ?? event.title}` as 'serviceOrders.status.created'),
        })
      : event.kind === 'work_log'
        ? t('serialHistory.workLog', {
            category: t(`workLogs.categories.${event.title}` as 'workLogs.categories.service_log'),
          })
        : event.kind === 'photo'
          ? t('serialHistory.photo', {
              category: t(`uploads.categories.${event.title}` as 'uploads.categories.other'),
            })
          : event.kind === 'spare_part'
            ? t('serialHistory.sparePart', { name: event.title })
            : event.kind === 'order_created'
              ? t('serialHistory.orderCreated', { title: event.title })
              : event.title;
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(event.at, i18n.language)}
        {event.serviceOrderId && event.orderNumber && (
          <>
            {' · '}
            <Anchor
              component={Link}
              to={`/service-orders/${event.serviceOrderId}`}
              size="xs"
              underline="always"
            >
              {event.orderNumber}
            </Anchor>
          </>
        )}
      </Text>
      {event.detail && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {event.detail}
        </Text>
      )}
      {event.imageUrl && (
        <Image src={event.imageUrl} alt={event.detail ?? title} w={120} h={90} fit="cover" radius="sm" />
      )}
    </Stack>
  );
}

/** The service history of one physical unit: every order, status change, part, work log, photo, rental. */
export function SerialHistoryScreen({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const history = useSerialHistory(serial);
  return (
    <>
      <PageHeader title={t('serialHistory.title', { serial })} />
      <Stack>
        <SerialLookup />
        {history.isError ? (
          <Alert color="red">{formatMessage(t, apiErrorMessage(history.error, 'errors.loadData'))}</Alert>
        ) : !history.data ? (
          <Loader aria-label={t('serialHistory.loading')} />
        ) : history.data.events.length === 0 ? (
          <Text c="dimmed">{t('serialHistory.empty')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('serialHistory.count', { count: history.data.events.length })}
            </Text>
            <Timeline bulletSize={26} lineWidth={2} data-testid="serial-timeline">
              {history.data.events.map((event, i) => {
                const Icon = ICONS[event.kind];
                return (
                  <Timeline.Item
                    key={`${event.kind}-${event.at}-${i}`}
                    bullet={<Icon size={14} aria-hidden="true" />}
                  >
                    <EventBody event={event} />
                  </Timeline.Item>
                );
              })}
            </Timeline>
          </>
        )}
      </Stack>
    </>
  );
}
