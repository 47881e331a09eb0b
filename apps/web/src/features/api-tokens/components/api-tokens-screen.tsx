import { useState } from 'react';
import { Badge, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { apiTokenState } from '@service-portal/shared/api-tokens';
import type { ApiToken } from '@service-portal/shared/api-tokens';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { pageParam, useListParams } from '../../../lib/use-list-params.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useApiTokens } from '../api/list-api-tokens.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import { CreateApiTokenModal } from './create-api-token-modal.tsx';

const PARAMS = { page: pageParam() };
const STATE_COLOR = { active: 'green', expired: 'gray', revoked: 'red' } as const;

/** Issue 29: the partner's API tokens for other systems (Administrators). */
export function ApiTokensScreen() {
  const { t, i18n } = useTranslation();
  const [state, update] = useListParams(PARAMS);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useApiTokens();
  const revoke = useRevokeApiToken();
  const now = new Date();

  const date = (iso: string | null) =>
    iso === null ? t('apiTokens.never') : formatDateTime(iso, i18n.language);

  const confirmRevoke = () => {
    if (revoking === null) return;
    const target = revoking;
    setRevoking(null);
    setError(null);
    revoke.mutate(target.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('apiTokens.revoked') }),
      onError: (e) => setError(formatMessage(t, apiErrorMessage(e, 'errors.apiTokens.revoke'))),
    });
  };

  const status = (token: ApiToken) => {
    const s = apiTokenState(token, now);
    return (
      <Badge color={STATE_COLOR[s]} variant="light">
        {t(`apiTokens.state.${s}`)}
      </Badge>
    );
  };
  const scopes = (token: ApiToken) => (
    <Group gap={4} wrap="wrap">
      {token.scopes.map((scope) => (
        <Code key={scope}>{scope}</Code>
      ))}
    </Group>
  );
  const actions = (token: ApiToken) =>
    token.revokedAt === null ? (
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => setRevoking(token)}
        aria-label={`${t('apiTokens.revoke')} ${token.name}`}
      >
        {t('apiTokens.revoke')}
      </Button>
    ) : null;

  const columns: PagedListColumn<ApiToken>[] = [
    { key: 'name', header: t('apiTokens.fields.name'), cell: (k) => k.name, fw: 600 },
    { key: 'prefix', header: t('apiTokens.fields.prefix'), cell: (k) => <Code>{k.prefix}…</Code> },
    { key: 'scopes', header: t('apiTokens.fields.scopes'), cell: scopes },
    { key: 'status', header: t('apiTokens.fields.status'), cell: status },
    { key: 'created', header: t('apiTokens.fields.created'), cell: (k) => date(k.createdAt) },
    { key: 'expires', header: t('apiTokens.fields.expires'), cell: (k) => date(k.expiresAt) },
    { key: 'lastUsed', header: t('apiTokens.fields.lastUsed'), cell: (k) => date(k.lastUsedAt) },
    { key: 'actions', header: t('apiTokens.fields.actions'), cell: actions, headerHidden: true },
  ];

  return (
    <>
      <PageHeader
        title={t('screens.apiTokens')}
        actions={<Button onClick={() => setCreating(true)}>{t('apiTokens.add')}</Button>}
      />
      <Stack>
        <Text size="sm" c="dimmed">
          {t('apiTokens.intro')}
        </Text>
        <ScreenList
          query={{ ...list, isPlaceholderData: false }}
          params={[state, update]}
          actionError={[error, setError]}
          loadFailure="errors.apiTokens.load"
          loadingLabel={t('apiTokens.loading')}
          columns={columns}
          cardTestId="api-token-card"
          card={(token) => (
            <>
              <Group justify="space-between" wrap="nowrap" mb={4}>
                <Text fw={600}>{token.name}</Text>
                {status(token)}
              </Group>
              <Text size="sm" mb={4}>
                <Code>{token.prefix}…</Code>
              </Text>
              {scopes(token)}
              <Text size="xs" c="dimmed" mt={4}>
                {t('apiTokens.fields.created')}: {date(token.createdAt)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('apiTokens.fields.expires')}: {date(token.expiresAt)}
              </Text>
              <Text size="xs" c="dimmed" mb="xs">
                {t('apiTokens.fields.lastUsed')}: {date(token.lastUsedAt)}
              </Text>
              {actions(token)}
            </>
          )}
          empty={t('apiTokens.empty')}
        />
      </Stack>
      <CreateApiTokenModal opened={creating} onClose={() => setCreating(false)} />
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title={t('apiTokens.revokeTitle')}>
        <Text mb="md">{t('apiTokens.revokeConfirm', { name: revoking?.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRevoking(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirmRevoke}>
            {t('apiTokens.revoke')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
