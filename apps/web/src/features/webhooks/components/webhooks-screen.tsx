import { useState } from 'react';
import { Badge, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@service-portal/shared/webhooks';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { pageParam, useListParams } from '../../../lib/use-list-params.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhooks } from '../api/list-webhooks.ts';
import { WebhookDetailsModal } from './webhook-details-modal.tsx';
import { WebhookFormModal } from './webhook-form-modal.tsx';

const PARAMS = { page: pageParam() };

type State = 'enabled' | 'disabled' | 'failing';
const STATE_COLOR: Record<State, string> = { enabled: 'green', disabled: 'gray', failing: 'red' };

function stateOf(endpoint: WebhookEndpoint): State {
  if (!endpoint.enabled) return endpoint.disabledReason === 'failing' ? 'failing' : 'disabled';
  return 'enabled';
}

/** Issue 29: the partner's webhook endpoints (Administrators). */
export function WebhooksScreen() {
  const { t } = useTranslation();
  const [state, update] = useListParams(PARAMS);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useWebhooks();
  const remove = useDeleteWebhook();
  // The open endpoint follows the list, so a rotated secret shows at once.
  const viewing = list.data?.items.find((e) => e.id === viewingId) ?? null;

  const confirmDelete = () => {
    if (deleting === null) return;
    const target = deleting;
    setDeleting(null);
    setError(null);
    remove.mutate(target.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('webhooks.deleted') }),
      onError: (e) => setError(formatMessage(t, apiErrorMessage(e, 'webhooks.errors.delete'))),
    });
  };

  const status = (e: WebhookEndpoint) => {
    const s = stateOf(e);
    return (
      <Badge color={STATE_COLOR[s]} variant="light">
        {t(`webhooks.state.${s}`)}
      </Badge>
    );
  };
  const url = (e: WebhookEndpoint) => (
    <Stack gap={2}>
      <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
        {e.url}
      </Text>
      {e.description !== '' && (
        <Text size="xs" c="dimmed">
          {e.description}
        </Text>
      )}
    </Stack>
  );
  const events = (e: WebhookEndpoint) => (
    <Group gap={4} wrap="wrap">
      {e.events.map((type) => (
        <Code key={type}>{type}</Code>
      ))}
    </Group>
  );
  const actions = (e: WebhookEndpoint) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        onClick={() => setViewingId(e.id)}
        aria-label={`${t('webhooks.deliveries')} ${e.url}`}
      >
        {t('webhooks.deliveries')}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => setEditing(e)}
        aria-label={`${t('webhooks.edit')} ${e.url}`}
      >
        {t('webhooks.edit')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => setDeleting(e)}
        aria-label={`${t('webhooks.delete')} ${e.url}`}
      >
        {t('webhooks.delete')}
      </Button>
    </Group>
  );

  const columns: PagedListColumn<WebhookEndpoint>[] = [
    { key: 'url', header: t('webhooks.fields.url'), cell: url },
    { key: 'events', header: t('webhooks.fields.events'), cell: events },
    { key: 'status', header: t('webhooks.fields.status'), cell: status },
    { key: 'actions', header: t('webhooks.fields.actions'), cell: actions, headerHidden: true },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.webhooks')}
        actions={<Button onClick={() => setEditing('new')}>{t('webhooks.add')}</Button>}
      />
      <Stack>
        <Text size="sm" c="dimmed">
          {t('webhooks.intro')}
        </Text>
        <ScreenList
          query={{ ...list, isPlaceholderData: false }}
          params={[state, update]}
          actionError={[error, setError]}
          loadFailure="webhooks.errors.load"
          loadingLabel={t('webhooks.loading')}
          columns={columns}
          cardTestId="webhook-card"
          card={(e) => (
            <>
              <Group justify="space-between" wrap="nowrap" mb={4} align="flex-start">
                {url(e)}
                {status(e)}
              </Group>
              <Stack gap="xs">
                {events(e)}
                {actions(e)}
              </Stack>
            </>
          )}
          empty={t('webhooks.empty')}
        />
      </Stack>
      <WebhookFormModal
        opened={editing !== null}
        endpoint={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <WebhookDetailsModal endpoint={viewing} onClose={() => setViewingId(null)} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('webhooks.deleteTitle')}>
        <Text mb="md">{t('webhooks.deleteConfirm', { url: deleting?.url ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirmDelete}>
            {t('webhooks.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
