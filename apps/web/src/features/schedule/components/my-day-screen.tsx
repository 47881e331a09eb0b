import { useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MyDayOrder } from '@service-portal/shared/schedule';
import {
  COMPONENT_ANSWERS,
  MEASUREMENT_ANSWERS,
  MEASUREMENT_CHECKPOINTS,
  STATUS_CHECK_COMPONENTS,
} from '@service-portal/shared/service-orders';
import { addDays, todayIn } from '@service-portal/shared/zoned-days';
import { formatMessage } from '../../../lib/api-errors.ts';
import { scheduleErrorMessage } from '../lib/messages.ts';
import { displayTimeZone, subscribeDisplayTimeZone } from '../../../lib/time-zone.ts';
import { useMyDay } from '../api/get-my-day.ts';
import { formatDuration, formatLongDay } from '../lib/format.ts';

/** What other features draw on each order (the route module composes them: features stay apart). */
export interface MyDaySlots {
  /** The status change; `onChanged` refreshes the day. */
  status: (order: MyDayOrder, onChanged: () => void) => ReactNode;
  photos: (orderId: string) => ReactNode;
  /** The order's work logs and the time logged on the phone. */
  workLog: (order: MyDayOrder) => ReactNode;
  /** What waits to be sent from the phone (the offline layer), shown under the title. */
  outbox?: ReactNode;
  /** The order's parts, changeable (the route's offline layer); a read-only list without. */
  parts?: (order: MyDayOrder) => ReactNode;
  /** The order's serial number and notes (the route's offline layer); not shown without. */
  notes?: (order: MyDayOrder) => ReactNode;
  /** Saves the order's checkpoints (the route queues it in the phone's outbox); read-only without. */
  saveCheckpoints?: (order: MyDayOrder, checkpoints: MyDayOrder['checkpoints']) => Promise<void>;
}

/** A plain search link: no map library, the phone's browser or map app takes over. */
export function mapLink(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/** The number as a `tel:` link: digits and a leading plus only. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The technician's day (issue 25 §4), made for a 375 px phone: today's or tomorrow's orders in
 * order, each with its customer, a map link, tap-to-call, checkpoints, parts, photos, the status
 * change and the work-log timer.
 */
export function MyDayScreen({ slots }: { slots: MyDaySlots }) {
  const { t, i18n } = useTranslation();
  const zone = useSyncExternalStore(subscribeDisplayTimeZone, displayTimeZone);
  const today = todayIn(zone);
  const [which, setWhich] = useState<'today' | 'tomorrow'>('today');
  const date = which === 'today' ? today : addDays(today, 1);
  const day = useMyDay(date);

  return (
    <Stack gap="md">
      <Title order={1}>{t('schedule.myDay.title')}</Title>
      {slots.outbox}
      <SegmentedControl
        aria-label={t('schedule.myDay.which')}
        value={which}
        onChange={(value) => setWhich(value)}
        data={[
          { value: 'today', label: t('schedule.myDay.today') },
          { value: 'tomorrow', label: t('schedule.myDay.tomorrow') },
        ]}
      />
      <Text fw={600}>{formatLongDay(date, i18n.language)}</Text>
      {day.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="status" aria-label={t('schedule.myDay.loading')} />
        </Group>
      ) : day.isError ? (
        <Alert color="red" role="alert">
          {formatMessage(t, scheduleErrorMessage(day.error, 'schedule.myDay.loadFailed'))}
          <Button size="compact-sm" variant="subtle" ml="xs" onClick={() => void day.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : day.data.orders.length === 0 ? (
        <Text c="dimmed">{t('schedule.myDay.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {day.data.orders.map((order) => (
            <li key={order.id}>
              <MyDayOrderCard order={order} slots={slots} onChanged={() => void day.refetch()} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function MyDayOrderCard({
  order,
  slots,
  onChanged,
}: {
  order: MyDayOrder;
  slots: MyDaySlots;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const headingId = `my-day-${order.id}`;
  return (
    <Card withBorder padding="sm" component="article" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Title order={2} size="h5" id={headingId}>
          {order.start ?? t('schedule.board.anyTime')} · {order.orderNumber}
        </Title>
        <Text fw={600}>{order.title}</Text>
        <Text size="sm">
          {t(`serviceOrders.status.${order.status}`)} · {t(`serviceOrders.priority.${order.priority}`)}
          {order.durationMinutes !== null && ` · ${formatDuration(t, order.durationMinutes)}`}
        </Text>
        <Text size="sm" fw={600}>
          {order.customerName}
        </Text>
        {order.customerAddress !== null && (
          <Anchor
            href={mapLink(order.customerAddress)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            aria-label={t('schedule.myDay.map', { address: order.customerAddress })}
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconMapPin size={16} aria-hidden="true" />
              <span>{order.customerAddress}</span>
            </Group>
          </Anchor>
        )}
        {order.customerPhone !== null && (
          <Button
            component="a"
            href={telLink(order.customerPhone)}
            variant="light"
            leftSection={<IconPhone size={18} aria-hidden="true" />}
            aria-label={t('schedule.myDay.call', { name: order.customerName, phone: order.customerPhone })}
          >
            {order.customerPhone}
          </Button>
        )}
        {order.description !== null && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {order.description}
          </Text>
        )}
        {slots.status(order, onChanged)}
        <Button
          variant="default"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          rightSection={
            open ? (
              <IconChevronUp size={16} aria-hidden="true" />
            ) : (
              <IconChevronDown size={16} aria-hidden="true" />
            )
          }
        >
          {open ? t('schedule.myDay.hideDetails') : t('schedule.myDay.showDetails')}
        </Button>
        {open && (
          <Stack gap="sm">
            {slots.saveCheckpoints === undefined ? (
              <Checkpoints order={order} />
            ) : (
              <CheckpointAnswers order={order} save={slots.saveCheckpoints} />
            )}
            {slots.notes?.(order)}
            {slots.parts !== undefined ? (
              slots.parts(order)
            ) : (
              <div>
                <Title order={3} size="h6">
                  {t('schedule.myDay.parts')}
                </Title>
                {order.spareParts.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('schedule.myDay.noParts')}
                  </Text>
                ) : (
                  <List size="sm">
                    {order.spareParts.map((part) => (
                      <List.Item key={part.id}>
                        {t('schedule.myDay.part', {
                          quantity: part.quantity,
                          name: part.partName,
                          number: part.partNumber,
                        })}
                      </List.Item>
                    ))}
                  </List>
                )}
              </div>
            )}
            {slots.photos(order.id)}
            {slots.workLog(order)}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function Checkpoints({ order }: { order: MyDayOrder }) {
  const { t } = useTranslation();
  const measurements = MEASUREMENT_CHECKPOINTS.flatMap((key) => {
    const answer = order.checkpoints.measurements[key]?.answer;
    return answer
      ? [
          {
            key,
            label: t(`serviceOrders.checkpoints.measurement.${key}`),
            answer: t(`serviceOrders.checkpoints.measurementAnswer.${answer}`),
          },
        ]
      : [];
  });
  const components = STATUS_CHECK_COMPONENTS.flatMap((key) => {
    const answer = order.checkpoints.components[key]?.answer;
    return answer
      ? [
          {
            key,
            label: t(`serviceOrders.checkpoints.component.${key}`),
            answer: t(`serviceOrders.checkpoints.componentAnswer.${answer}`),
          },
        ]
      : [];
  });
  const rows = [...measurements, ...components];
  return (
    <div>
      <Title order={3} size="h6">
        {t('schedule.myDay.checkpoints')}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('schedule.myDay.noCheckpoints')}
        </Text>
      ) : (
        <List size="sm">
          {rows.map((row) => (
            <List.Item key={row.key}>
              {row.label}: {row.answer}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

/**
 * The checkpoints answered on the phone: each choice is saved at once (through the outbox, so it
 * works with no network). "Other" needs written details, which the order's own form takes: an
 * answer of "other" is shown here and can be changed, but not chosen.
 */
function CheckpointAnswers({
  order,
  save,
}: {
  order: MyDayOrder;
  save: NonNullable<MyDaySlots['saveCheckpoints']>;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const change = (group: 'measurements' | 'components', key: string, answer: string) => {
    setFailed(false);
    const checkpoints = {
      ...order.checkpoints,
      [group]: {
        ...order.checkpoints[group],
        [key]: { answer: answer === '' ? null : answer, details: null },
      },
    };
    save(order, checkpoints).catch(() => setFailed(true));
  };
  const none = { value: '', label: t('schedule.myDay.notAnswered') };
  const choices = (
    current: string | null | undefined,
    answers: readonly string[],
    label: (a: string) => string,
  ) => [
    none,
    ...answers
      .filter((a) => a !== 'other' || current === 'other')
      .map((a) => ({ value: a, label: label(a) })),
  ];
  return (
    <Stack gap={6}>
      <Title order={3} size="h6">
        {t('schedule.myDay.checkpoints')}
      </Title>
      {MEASUREMENT_CHECKPOINTS.map((key) => {
        const current = order.checkpoints.measurements[key]?.answer;
        return (
          <NativeSelect
            key={key}
            size="sm"
            label={t(`serviceOrders.checkpoints.measurement.${key}`)}
            value={current ?? ''}
            onChange={(event) => change('measurements', key, event.currentTarget.value)}
            data={choices(current, MEASUREMENT_ANSWERS, (a) =>
              t(`serviceOrders.checkpoints.measurementAnswer.${a as (typeof MEASUREMENT_ANSWERS)[number]}`),
            )}
          />
        );
      })}
      {STATUS_CHECK_COMPONENTS.map((key) => {
        const current = order.checkpoints.components[key]?.answer;
        return (
          <NativeSelect
            key={key}
            size="sm"
            label={t(`serviceOrders.checkpoints.component.${key}`)}
            value={current ?? ''}
            onChange={(event) => change('components', key, event.currentTarget.value)}
            data={choices(current, COMPONENT_ANSWERS, (a) =>
              t(`serviceOrders.checkpoints.componentAnswer.${a as (typeof COMPONENT_ANSWERS)[number]}`),
            )}
          />
        );
      })}
      {failed && (
        <Alert color="red" role="alert">
          {t('schedule.myDay.checkpointsFailed')}
        </Alert>
      )}
    </Stack>
  );
}
