import {
  Alert as MantineAlert,
  Box,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconClockExclamation, IconHourglassHigh, IconPhoto, IconStar } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Alert, AlertKind } from '@service-portal/shared/alerts';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { useAlerts, useMarkAlertRead, useMarkAllAlertsRead } from '../api/alerts.ts';

const ICONS: Record<AlertKind, { icon: ComponentType<{ size?: number }>; color: string }> = {
  customer_photos: { icon: IconPhoto, color: 'blue' },
  customer_rating: { icon: IconStar, color: 'yellow' },
  rental_overdue: { icon: IconClockExclamation, color: 'red' },
  order_stalled: { icon: IconHourglassHigh, color: 'orange' },
};

/**
 * Where an alert takes its reader: the order, or for a rental the open rentals filtered to its unit
 * (a unit's serial number is unique within the partner, so the list shows that rental with its Return).
 */
export function alertPath(alert: Alert): string {
  if (alert.subjectType === 'order') return `/service-orders/${encodeURIComponent(alert.subjectId)}`;
  const q = alert.data.serialNumber ?? alert.data.customerName;
  return `/rentals/active?q=${encodeURIComponent(q)}`;
}

const preview = (text: string) => (text.length > 90 ? `${text.slice(0, 90).trimEnd()}…` : text);

function AlertText({ alert }: { alert: Alert }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  switch (alert.kind) {
    case 'customer_photos':
      return (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('alerts.text.customerPhotos', { count: alert.data.photoCount, order: alert.data.orderNumber })}
        </Text>
      );
    case 'customer_rating':
      return (
        <>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('alerts.text.customerRating', { rating: alert.data.rating, order: alert.data.orderNumber })}
          </Text>
          {alert.data.comment && (
            <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              “{preview(alert.data.comment)}”
            </Text>
          )}
        </>
      );
    case 'rental_overdue':
      return (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('alerts.text.rentalOverdue', {
            unit: alert.data.serialNumber
              ? `${alert.data.productName} (${alert.data.serialNumber})`
              : alert.data.productName,
            customer: alert.data.customerName,
            date: formatDay(alert.data.dueDate, lang),
          })}
        </Text>
      );
    case 'order_stalled':
      return (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('alerts.text.orderStalled', {
            order: alert.data.orderNumber,
            status: t(`alerts.status.${alert.data.status}`),
            date: formatDay(alert.data.since, lang),
            count: alert.data.afterDays,
          })}
        </Text>
      );
  }
}

function AlertRow({ alert, onOpen }: { alert: Alert; onOpen: (alert: Alert) => void }) {
  const { t, i18n } = useTranslation();
  const { icon: Icon, color } = ICONS[alert.kind];
  const unread = alert.readAt === null;
  return (
    <li>
      <UnstyledButton
        onClick={() => onOpen(alert)}
        p={6}
        w="100%"
        className="unread-item"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        data-testid="alert-item"
        data-kind={alert.kind}
        data-unread={unread || undefined}
      >
        <Group gap={8} wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={color} size={28} radius="xl" aria-hidden="true">
            <Icon size={16} />
          </ThemeIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
              <Text size="sm" fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                {t(`alerts.kind.${alert.kind}`)}
              </Text>
              {unread && (
                <Box
                  component="span"
                  mt={6}
                  w={8}
                  h={8}
                  style={{ borderRadius: '50%', flex: 'none', background: 'var(--mantine-color-red-7)' }}
                >
                  <VisuallyHidden>{t('alerts.unread')}</VisuallyHidden>
                </Box>
              )}
            </Group>
            <AlertText alert={alert} />
            <Text size="xs" c="dimmed">
              {formatDateTime(alert.createdAt, i18n.language)}
            </Text>
          </Box>
        </Group>
      </UnstyledButton>
    </li>
  );
}

export interface AlertListProps {
  /** False without a chosen partner (a global administrator): nothing is asked for. */
  enabled?: boolean;
  /** Called after the user opens an alert, so the dropdown can close. */
  onNavigate: () => void;
}

/**
 * The user's alerts beside the unread messages (issue 31 item 12): newest first, a page at a time;
 * opening one marks it read and goes to its record; "Mark all read" clears the badge's share.
 */
export function AlertList({ onNavigate, enabled = true }: AlertListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pages, setPages] = useState(1);
  const alerts = useAlerts(pages, enabled);
  const markRead = useMarkAlertRead();
  const markAll = useMarkAllAlertsRead();
  const items = alerts.data?.items ?? [];
  const unreadCount = alerts.data?.unreadCount ?? 0;

  const open = (alert: Alert) => {
    if (alert.readAt === null) markRead.mutate(alert.id);
    onNavigate();
    void navigate(alertPath(alert));
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm" component="h2" m={0}>
          {t('alerts.title')}
        </Text>
        {unreadCount > 0 && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
          >
            {t('alerts.markAllRead')}
          </Button>
        )}
      </Group>
      {markAll.isError && (
        <MantineAlert color="red" role="alert" p="xs">
          <Text size="xs">{t('alerts.markFailed')}</Text>
        </MantineAlert>
      )}
      {!enabled ? (
        <Text size="sm" c="dimmed">
          {t('alerts.choosePartner')}
        </Text>
      ) : alerts.isPending ? (
        <Loader size="sm" aria-label={t('alerts.loading')} />
      ) : alerts.isError ? (
        <LoadErrorAlert message={t('alerts.loadFailed')} onRetry={() => void alerts.refetch()} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('alerts.none')}
        </Text>
      ) : (
        <Stack
          gap={2}
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '45vh', overflowY: 'auto' }}
          aria-label={t('alerts.title')}
        >
          {items.map((alert) => (
            <AlertRow key={alert.id} alert={alert} onOpen={open} />
          ))}
          {alerts.data?.hasMore && (
            <li>
              <Button
                variant="subtle"
                size="compact-sm"
                fullWidth
                onClick={() => setPages((n) => n + 1)}
                loading={alerts.isPlaceholderData}
              >
                {t('alerts.more')}
              </Button>
            </li>
          )}
        </Stack>
      )}
    </Stack>
  );
}
