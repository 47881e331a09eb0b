import { Anchor, Divider, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { InboxItem } from '@service-portal/shared/communications';
import { formatDateTime } from '../../../lib/dates.ts';
import { useUnassigned } from '../api/list-unassigned.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { MethodIcon } from './method-icon.tsx';

export const UNASSIGNED_PATH = '/communications/unassigned';
export const orderConversationPath = (orderId: string, commId: string) =>
  `/service-orders/${encodeURIComponent(orderId)}?communication=${encodeURIComponent(commId)}#conversation`;

const preview = (text: string) => (text.length > 90 ? `${text.slice(0, 90).trimEnd()}…` : text);

export interface UnreadListProps {
  items: InboxItem[] | undefined;
  loading: boolean;
  /** Called after the user picks a message or a link, so the dropdown can close. */
  onNavigate: () => void;
}

/** The newest unread inbound messages beside the badge; picking one opens its order's conversation and marks it read. */
export function UnreadList({ items, loading, onNavigate }: UnreadListProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const unassigned = useUnassigned(1, 1);
  const unassignedCount = unassigned.data?.total ?? 0;

  const open = (item: InboxItem) => {
    markRead.mutate(item.id);
    onNavigate();
    void navigate(
      item.serviceOrderId === null ? UNASSIGNED_PATH : orderConversationPath(item.serviceOrderId, item.id),
    );
  };

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('communications.unread.title')}
      </Text>
      {loading && items === undefined ? (
        <Loader size="sm" aria-label={t('communications.unread.loading')} />
      ) : items === undefined || items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('communications.unread.none')}
        </Text>
      ) : (
        <Stack
          gap={4}
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflowY: 'auto' }}
          aria-label={t('communications.unread.title')}
        >
          {items.map((item) => (
            <li key={item.id}>
              <UnstyledButton
                onClick={() => open(item)}
                p={6}
                w="100%"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                className="unread-item"
              >
                {/* The name has the row to itself: beside the date it was cut to a few letters (issue 31). */}
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <MethodIcon method={item.method} size={14} />
                  <Text
                    size="sm"
                    fw={600}
                    lineClamp={2}
                    style={{ overflowWrap: 'anywhere' }}
                    data-testid="unread-name"
                  >
                    {item.customerName ?? item.fromAddress ?? t('communications.unknownSender')}
                  </Text>
                </Group>
                <Group gap={4} wrap="wrap" justify="space-between">
                  <Text size="xs" c="dimmed">
                    {item.orderNumber ?? t('communications.unread.noOrder')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(item.occurredAt, i18n.language)}
                  </Text>
                </Group>
                {item.subject !== null && (
                  <Text size="sm" truncate>
                    {item.subject}
                  </Text>
                )}
                <Text size="xs" lineClamp={2}>
                  {preview(item.message)}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
      {unassignedCount > 0 && (
        <>
          <Divider />
          <Anchor component={Link} to={UNASSIGNED_PATH} size="sm" onClick={onNavigate}>
            {t('communications.unread.unassignedLink', { count: unassignedCount })}
          </Anchor>
        </>
      )}
    </Stack>
  );
}
