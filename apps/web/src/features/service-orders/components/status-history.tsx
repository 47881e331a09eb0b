import { Text, Timeline } from '@mantine/core';
import { IconArrowRight, IconCircleDot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StatusHistoryEntry } from '@service-portal/shared/service-orders';
import { formatDateTime } from '../../../lib/dates.ts';
import { StatusBadge } from './order-badges.tsx';

/** Every status change of the order, newest first: who, when, from → to. */
export function StatusHistory({ entries }: { entries: StatusHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  const newestFirst = [...entries].sort((a, b) => b.changedAt.localeCompare(a.changedAt));
  if (newestFirst.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('serviceOrders.history.none')}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={22} lineWidth={2} active={0} aria-label={t('serviceOrders.history.title')}>
      {newestFirst.map((entry) => (
        <Timeline.Item
          key={entry.id}
          bullet={<IconCircleDot size={12} aria-hidden="true" />}
          title={
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
              {entry.fromStatus ? (
                <>
                  <StatusBadge status={entry.fromStatus} size="sm" />
                  <IconArrowRight size={12} aria-label={t('serviceOrders.history.to')} />
                </>
              ) : null}
              <StatusBadge status={entry.toStatus} size="sm" />
            </span>
          }
        >
          <Text fz="xs" c="dimmed" mt={4}>
            {t('serviceOrders.history.byAt', {
              name: entry.changedByName ?? t('serviceOrders.history.someone'),
              at: formatDateTime(entry.changedAt, i18n.language),
            })}
          </Text>
          {entry.note && (
            <Text fz="xs" mt={2}>
              {entry.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
