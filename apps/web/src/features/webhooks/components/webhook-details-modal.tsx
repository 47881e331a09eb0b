import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { WebhookAttempt, WebhookEndpoint } from '@service-portal/shared/webhooks';
import { ScreenList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { formatMessage, problemMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { pageParam, useListParams } from '../../../lib/use-list-params.ts';
import { useWebhookAttempts } from '../api/list-webhook-attempts.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendWebhookAgain } from '../api/send-webhook-again.ts';
import { useSendWebhookTest } from '../api/send-webhook-test.ts';

const PARAMS = { page: pageParam('logPage') };
const LOG_PAGE_SIZE = 20;
const OUTCOME_COLOR = { succeeded: 'green', failed: 'red', refused: 'orange' } as const;

interface Props {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}

/** One endpoint: its signing secret (copy, rotate), a test event, and the delivery log. */
export function WebhookDetailsModal({ endpoint, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={endpoint !== null} onClose={onClose} title={t('webhooks.detailsTitle')} size="xl">
      {endpoint !== null && <WebhookDetails endpoint={endpoint} />}
    </Modal>
  );
}

function WebhookDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [state, update] = useListParams(PARAMS);
  const attempts = useWebhookAttempts(endpoint.id);
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhookTest();
  const again = useSendWebhookAgain();

  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const failed =
    (fallback: 'webhooks.errors.rotate' | 'webhooks.errors.test' | 'webhooks.errors.sendAgain') =>
    (e: unknown) =>
      setError(formatMessage(t, problemMessage(e, fallback, 'webhook')));

  const items = attempts.data ?? [];
  const page = Math.max(1, state.page);
  const listQuery = {
    ...attempts,
    isPlaceholderData: false,
    data: attempts.data
      ? {
          items: items.slice((page - 1) * LOG_PAGE_SIZE, page * LOG_PAGE_SIZE),
          total: items.length,
          page,
          pageSize: LOG_PAGE_SIZE,
        }
      : undefined,
  };

  const outcome = (a: WebhookAttempt) => (
    <Badge color={OUTCOME_COLOR[a.outcome]} variant="light">
      {t(`webhooks.outcome.${a.outcome}`)}
      {a.statusCode !== null ? ` · ${a.statusCode}` : ''}
    </Badge>
  );
  const answer = (a: WebhookAttempt) => (
    <Text size="xs" style={{ wordBreak: 'break-all' }} lineClamp={3}>
      {a.error ?? a.response}
    </Text>
  );
  const sendAgain = (a: WebhookAttempt) => (
    <Button
      size="xs"
      variant="light"
      loading={again.isPending && again.variables.deliveryId === a.deliveryId}
      aria-label={`${t('webhooks.sendAgain')} ${a.eventType} ${date(a.at)}`}
      onClick={() => {
        setError(null);
        again.mutate(
          { endpointId: endpoint.id, deliveryId: a.deliveryId },
          {
            onSuccess: () => notifications.show({ color: 'green', message: t('webhooks.queued') }),
            onError: failed('webhooks.errors.sendAgain'),
          },
        );
      }}
    >
      {t('webhooks.sendAgain')}
    </Button>
  );

  const columns: PagedListColumn<WebhookAttempt>[] = [
    { key: 'at', header: t('webhooks.log.time'), cell: (a) => date(a.at) },
    { key: 'event', header: t('webhooks.log.event'), cell: (a) => <Code>{a.eventType}</Code> },
    { key: 'status', header: t('webhooks.log.status'), cell: outcome },
    {
      key: 'duration',
      header: t('webhooks.log.duration'),
      cell: (a) => t('webhooks.ms', { count: a.durationMs }),
      align: 'right',
    },
    { key: 'attempt', header: t('webhooks.log.attempt'), cell: (a) => a.attempt, align: 'right' },
    { key: 'response', header: t('webhooks.log.response'), cell: answer, w: 260 },
    { key: 'actions', header: t('webhooks.log.actions'), cell: sendAgain, headerHidden: true },
  ];

  return (
    <Stack>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        <Code>{endpoint.url}</Code>
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={600} id={`secret-${endpoint.id}`}>
          {t('webhooks.secret')}
        </Text>
        <Code
          block
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          aria-labelledby={`secret-${endpoint.id}`}
        >
          {endpoint.secret}
        </Code>
        {endpoint.previousSecretExpiresAt !== null && (
          <Alert color="blue">
            {t('webhooks.previousSecret', { until: date(endpoint.previousSecretExpiresAt) })}
          </Alert>
        )}
        <Group>
          <CopyButton value={endpoint.secret}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
                {copied ? t('webhooks.copied') : t('webhooks.copySecret')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            loading={rotate.isPending}
            onClick={() => {
              setError(null);
              rotate.mutate(endpoint.id, {
                onSuccess: () => notifications.show({ color: 'green', message: t('webhooks.rotated') }),
                onError: failed('webhooks.errors.rotate'),
              });
            }}
          >
            {t('webhooks.rotate')}
          </Button>
          <Button
            variant="default"
            loading={test.isPending}
            onClick={() => {
              setError(null);
              test.mutate(endpoint.id, {
                onSuccess: () => notifications.show({ color: 'green', message: t('webhooks.queued') }),
                onError: failed('webhooks.errors.test'),
              });
            }}
          >
            {t('webhooks.sendTest')}
          </Button>
          <Button variant="subtle" onClick={() => void attempts.refetch()}>
            {t('webhooks.refresh')}
          </Button>
        </Group>
      </Stack>
      <Title order={3} size="h5">
        {t('webhooks.log.title')}
      </Title>
      <ScreenList
        query={listQuery}
        params={[{ page }, update]}
        actionError={[error, setError]}
        loadFailure="webhooks.errors.log"
        loadingLabel={t('webhooks.log.loading')}
        columns={columns}
        cardTestId="webhook-attempt-card"
        card={(a) => (
          <>
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Code>{a.eventType}</Code>
              {outcome(a)}
            </Group>
            <Text size="xs" c="dimmed">
              {date(a.at)} · {t('webhooks.log.attempt')} {a.attempt} ·{' '}
              {t('webhooks.ms', { count: a.durationMs })}
            </Text>
            {answer(a)}
            <Group mt="xs">{sendAgain(a)}</Group>
          </>
        )}
        empty={t('webhooks.log.empty')}
      />
    </Stack>
  );
}
