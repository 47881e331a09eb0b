import { Alert, Badge, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Communication } from '@service-portal/shared/communications';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import type { UiMessage } from '../../../lib/api-errors.ts';
import { useCommunications } from '../api/list-communications.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useRetryCommunication } from '../api/retry-communication.ts';
import { ComposeForm } from './compose-form.tsx';
import { LogForm } from './log-form.tsx';
import { MessageItem } from './message-item.tsx';

/** What the panel needs of the order (templates, recipients); any service-order shape fits. */
export interface ConversationOrder {
  orderNumber: string;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  scheduledDate: string | null;
}

export interface ConversationPanelProps {
  orderId: string;
  /** Undefined while the order loads; templates then keep their placeholders. */
  order?: ConversationOrder;
  /** The signed-in user's service partner, for the templates' {partnerName}. */
  partnerName?: string | null;
}

type Mode = 'message' | 'phone' | 'in_person' | 'note';
const MODES: Mode[] = ['message', 'phone', 'in_person', 'note'];

/** Spec §7 "Communications" on an order: the conversation (newest last) and ways to add to it. */
export function ConversationPanel({ orderId, order, partnerName = null }: ConversationPanelProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [searchParams] = useSearchParams();
  const focusId = searchParams.get('communication');
  const list = useCommunications(orderId);
  const markRead = useMarkRead();
  const retry = useRetryCommunication();
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(focusId === null ? [] : [focusId]));
  const [retryErrors, setRetryErrors] = useState<Record<string, UiMessage>>({});
  const [mode, setMode] = useState<Mode>('message');
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (focusId !== null && list.data !== undefined) {
      const el = document.getElementById(`comm-${focusId}-label`);
      el?.scrollIntoView({ block: 'center' });
    }
  }, [focusId, list.data]);

  const open = (c: Communication) => {
    setOpened((prev) => new Set(prev).add(c.id));
    markRead.mutate(c.id);
  };

  const doRetry = (c: Communication) => {
    setRetryErrors(({ [c.id]: _gone, ...rest }) => rest);
    retry.mutate(
      { orderId, id: c.id },
      {
        onError: (error) =>
          setRetryErrors((prev) => ({
            ...prev,
            [c.id]: apiErrorMessage(error, 'communications.errors.retryFailed'),
          })),
      },
    );
  };

  const items = list.data ?? [];
  const unreadCount = items.filter((c) => c.direction === 'inbound' && c.status === 'unread').length;

  return (
    <Paper
      component="section"
      id="conversation"
      ref={sectionRef}
      withBorder
      p={{ base: 'xs', sm: 'md' }}
      radius="md"
      aria-labelledby="conversation-title"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={3} id="conversation-title" size="h4">
            {t('communications.title')}
          </Title>
          {unreadCount > 0 && (
            <Badge color="red">{t('communications.unreadCount', { count: unreadCount })}</Badge>
          )}
        </Group>

        {list.isPending ? (
          <Loader size="sm" aria-label={t('communications.loading')} />
        ) : list.isError ? (
          <Alert color="red" variant="light" role="alert">
            {formatMessage(t, apiErrorMessage(list.error, 'communications.errors.loadFailed'))}
          </Alert>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('communications.empty')}
          </Text>
        ) : (
          <Stack gap="sm" aria-label={t('communications.listLabel')} role="list">
            {items.map((c) => (
              <div role="listitem" key={c.id}>
                <MessageItem
                  orderId={orderId}
                  communication={c}
                  opened={opened.has(c.id)}
                  onOpen={open}
                  onRetry={doRetry}
                  retrying={retry.isPending && retry.variables.id === c.id}
                  retryError={retryErrors[c.id] ?? null}
                  highlighted={c.id === focusId}
                />
              </div>
            ))}
          </Stack>
        )}

        <Stack gap="sm">
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v)}
            orientation={isPhone ? 'vertical' : 'horizontal'}
            fullWidth
            aria-label={t('communications.modeLabel')}
            data={MODES.map((m) => ({ value: m, label: t(`communications.mode.${m}`) }))}
          />
          {mode === 'message' ? (
            <ComposeForm orderId={orderId} order={order} partnerName={partnerName} />
          ) : (
            <LogForm key={mode} orderId={orderId} kind={mode} />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
