import { Alert, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDownLeft,
  IconArrowUpRight,
  IconLock,
  IconPencil,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSentMethod } from '@service-portal/shared/communications';
import type { Communication, DeliveryStatus } from '@service-portal/shared/communications';
import { formatMessage } from '../../../lib/api-errors.ts';
import type { UiMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { EditForm } from './edit-form.tsx';
import { MethodIcon } from './method-icon.tsx';

const STATUS_COLORS: Record<DeliveryStatus, string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  received: 'teal',
  logged: 'gray',
};

export interface MessageItemProps {
  orderId: string;
  communication: Communication;
  /** An unread inbound message shows its text only once opened; opening marks it read. */
  opened: boolean;
  onOpen: (communication: Communication) => void;
  onRetry: (communication: Communication) => void;
  retrying: boolean;
  retryError: UiMessage | null;
  highlighted?: boolean;
}

export function MessageItem({
  orderId,
  communication: c,
  opened,
  onOpen,
  onRetry,
  retrying,
  retryError,
  highlighted,
}: MessageItemProps) {
  const { t, i18n } = useTranslation();
  const inbound = c.direction === 'inbound';
  const unread = inbound && c.status === 'unread';
  const hidden = unread && !opened;
  const delivered = isSentMethod(c.method) && !c.isInternal && !inbound;
  const who = inbound
    ? (c.customerName ?? c.fromAddress ?? t('communications.unknownSender'))
    : (c.createdByName ?? t('communications.unknownSender'));
  const labelId = `comm-${c.id}-label`;
  const [editing, setEditing] = useState(false);
  // Not while it is on its way: the send job writes its delivery fields.
  const editable = !hidden && c.deliveryStatus !== 'pending' && c.deliveryStatus !== 'sending';

  return (
    <Paper
      component="article"
      aria-labelledby={labelId}
      data-internal={c.isInternal || undefined}
      data-direction={c.direction}
      withBorder
      p="sm"
      radius="md"
      ml={!c.isInternal && !inbound ? { base: 0, sm: 48 } : 0}
      mr={!c.isInternal && inbound ? { base: 0, sm: 48 } : 0}
      bg={
        c.isInternal
          ? 'var(--mantine-color-yellow-light)'
          : inbound
            ? undefined
            : 'var(--mantine-color-blue-light)'
      }
      style={{
        borderStyle: c.isInternal ? 'dashed' : undefined,
        borderColor: c.isInternal
          ? 'var(--mantine-color-yellow-6)'
          : highlighted
            ? 'var(--mantine-color-blue-6)'
            : undefined,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap" id={labelId} style={{ minWidth: 0 }}>
            <MethodIcon method={c.method} />
            {inbound ? (
              <IconArrowDownLeft size={16} aria-hidden="true" />
            ) : (
              <IconArrowUpRight size={16} aria-hidden="true" />
            )}
            <Text size="sm" fw={600} truncate>
              {c.isInternal
                ? `${t('communications.mode.note')} · ${who}`
                : `${t(`communications.method.${c.method}`)} · ${t(`communications.direction.${c.direction}`)} · ${who}`}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(c.occurredAt, i18n.language)}
          </Text>
        </Group>

        <Group gap={6} wrap="wrap">
          {c.isInternal && (
            <Badge
              color="yellow"
              variant="filled"
              tt="none"
              h="auto"
              styles={{ label: { whiteSpace: 'normal' } }}
              leftSection={<IconLock size={12} aria-hidden="true" />}
            >
              {t('communications.internalLabel')}
            </Badge>
          )}
          {inbound && (
            <Badge color={unread ? 'red' : 'gray'} variant={unread ? 'filled' : 'light'}>
              {t(`communications.readStatus.${c.status}`)}
            </Badge>
          )}
          {delivered && (
            <Badge color={STATUS_COLORS[c.deliveryStatus]} variant="light">
              {t(`communications.deliveryStatus.${c.deliveryStatus}`)}
            </Badge>
          )}
          {(c.toAddress ?? null) !== null && !inbound && (
            <Text size="xs" c="dimmed">
              {t('communications.to', { address: c.toAddress })}
            </Text>
          )}
        </Group>

        {c.subject !== null && (
          <Text size="sm" fw={600}>
            {c.subject}
          </Text>
        )}

        {hidden ? (
          <Box>
            <Button size="xs" variant="light" onClick={() => onOpen(c)}>
              {t('communications.open')}
            </Button>
          </Box>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.message}
          </Text>
        )}

        {c.customerResponse !== null && (
          <Text size="sm">
            <Text span fw={600}>
              {t('communications.customerResponse')}:{' '}
            </Text>
            {c.customerResponse}
          </Text>
        )}

        {c.deliveryNotes !== null && !editing && (
          <Text size="sm">
            <Text span fw={600}>
              {t('communications.deliveryNotes')}:{' '}
            </Text>
            {c.deliveryNotes}
          </Text>
        )}

        {editing ? (
          <EditForm orderId={orderId} communication={c} onDone={() => setEditing(false)} />
        ) : (
          editable && (
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPencil size={14} aria-hidden="true" />}
                onClick={() => setEditing(true)}
              >
                {t('communications.edit.label')}
              </Button>
            </Group>
          )
        )}

        {delivered && c.deliveryStatus === 'failed' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={16} aria-hidden="true" />}
            title={t('communications.failedTitle')}
          >
            <Stack gap="xs">
              <Text size="sm">{c.deliveryError ?? t('communications.failedUnknown')}</Text>
              {retryError !== null && (
                <Text size="sm" c="red" role="alert">
                  {formatMessage(t, retryError)}
                </Text>
              )}
              <Box>
                {/* Filled: white on red 8 reads at 4.6:1 on the alert's light red, which an
                    outline's red text did not (every-route, 2026-11-27). */}
                <Button
                  size="xs"
                  color="red"
                  variant="filled"
                  leftSection={<IconRefresh size={14} aria-hidden="true" />}
                  loading={retrying}
                  onClick={() => onRetry(c)}
                >
                  {t('communications.retry')}
                </Button>
              </Box>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
