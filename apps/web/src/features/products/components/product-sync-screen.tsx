import { useEffect, useRef } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SyncRun } from '@service-portal/shared/products';
import type { ShopConnection } from '@service-portal/shared/shop-connection';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { pageParam, useListParams } from '../../../lib/use-list-params.ts';
import { useSyncStatus } from '../api/get-sync-status.ts';
import { useSyncRuns } from '../api/list-sync-runs.ts';
import { useRequestSync } from '../api/request-sync.ts';

const PAGE_SIZE = 10;
const PARAMS = { page: pageParam() };

function RunStatus({ status }: { status: SyncRun['status'] }) {
  const { t } = useTranslation();
  const color = status === 'succeeded' ? 'green' : status === 'failed' ? 'red' : 'blue';
  return (
    <Badge color={color} variant="light">
      {t(`productSync.runStatus.${status}`)}
    </Badge>
  );
}

/**
 * The portal's standing with the shop (issue 24): where its token comes from and until when it
 * holds; when the shop refuses every token, or the app is not installed yet, what to do.
 */
function ShopConnectionPanel({ shop, when }: { shop: ShopConnection; when: (iso: string | null) => string }) {
  const { t } = useTranslation();
  if (shop.state === 'refused') {
    return (
      <Alert color="red" role="alert" title={t('productSync.shop.refusedTitle')} data-testid="shop-refused">
        <Stack gap={4}>
          <Text size="sm">{t('productSync.shop.refused', { time: when(shop.refusedAt) })}</Text>
          {shop.lastError && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('productSync.shop.lastError', { message: shop.lastError })}
            </Text>
          )}
          <Text size="sm">{t(`productSync.shop.hints.${shop.source}`)}</Text>
        </Stack>
      </Alert>
    );
  }
  if (shop.state === 'not_installed') {
    return (
      <Alert color="yellow" role="alert" title={t('productSync.shop.notInstalledTitle')}>
        {t('productSync.shop.notInstalled')}
      </Alert>
    );
  }
  return (
    <Card withBorder data-testid="shop-connection">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <div>
          <Text size="xs" c="dimmed">
            {t('productSync.shop.shop')}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {shop.shop}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('productSync.shop.token')}
          </Text>
          <Text fw={600}>{t(`productSync.shop.sources.${shop.source}`)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('productSync.shop.title')}
          </Text>
          <Text fw={600}>{t('productSync.shop.connected')}</Text>
          <Text size="sm" c="dimmed">
            {shop.expiresAt
              ? t('productSync.shop.expires', { time: when(shop.expiresAt) })
              : t('productSync.shop.neverExpires')}
          </Text>
        </div>
      </SimpleGrid>
    </Card>
  );
}

/** Spec §2 /products/sync: sync now, live progress, the run history with errors, last success. */
export function ProductSyncScreen({ canSync }: { canSync: boolean }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const queryClient = useQueryClient();
  const [state, update] = useListParams(PARAMS);
  const status = useSyncStatus();
  const runs = useSyncRuns(state.page, PAGE_SIZE);
  const request = useRequestSync();
  const running = status.data?.running ?? null;

  // When a run ends, the history and the catalogue change: load them again.
  const wasRunning = useRef<string | null>(null);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    }
    wasRunning.current = running?.id ?? null;
  }, [running, queryClient]);

  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  const errorsOf = (run: SyncRun) =>
    run.errors.length === 0 ? (
      '—'
    ) : (
      <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
        {run.errors[run.errors.length - 1]?.message}
        {run.errors.length > 1 && ` (${t('productSync.moreErrors', { count: run.errors.length - 1 })})`}
      </Text>
    );
  const columns: PagedListColumn<SyncRun>[] = [
    { key: 'started', header: t('productSync.columns.started'), cell: (r) => when(r.startedAt) },
    { key: 'finished', header: t('productSync.columns.finished'), cell: (r) => when(r.finishedAt) },
    { key: 'mode', header: t('productSync.columns.mode'), cell: (r) => t(`productSync.modes.${r.mode}`) },
    { key: 'status', header: t('productSync.columns.status'), cell: (r) => <RunStatus status={r.status} /> },
    { key: 'pages', header: t('productSync.columns.pages'), cell: (r) => r.pages, align: 'right' },
    { key: 'created', header: t('productSync.columns.created'), cell: (r) => r.created, align: 'right' },
    { key: 'updated', header: t('productSync.columns.updated'), cell: (r) => r.updated, align: 'right' },
    { key: 'deleted', header: t('productSync.columns.deleted'), cell: (r) => r.deleted, align: 'right' },
    { key: 'errors', header: t('productSync.columns.errors'), cell: errorsOf },
  ];

  const percent =
    running && running.expectedTotal
      ? Math.min(99, Math.round((running.seen / running.expectedTotal) * 100))
      : null;
  const lastFailed = !running && status.data?.lastRun?.status === 'failed';

  return (
    <>
      <PageHeader
        title={t('screens.productSync')}
        actions={
          canSync ? (
            <Group gap="xs">
              <Button
                variant="default"
                disabled={Boolean(running)}
                loading={request.isPending && request.variables === 'full'}
                onClick={() => request.mutate('full')}
              >
                {t('productSync.fullSync')}
              </Button>
              <Button
                disabled={Boolean(running)}
                loading={request.isPending && request.variables === 'incremental'}
                onClick={() => request.mutate('incremental')}
              >
                {t('productSync.syncNow')}
              </Button>
            </Group>
          ) : undefined
        }
      />
      <Stack>
        {request.isError && (
          <Alert color="red" role="alert">
            {formatMessage(t, apiErrorMessage(request.error, 'errors.syncProducts'))}
          </Alert>
        )}
        {lastFailed && status.data?.shop?.state !== 'refused' && (
          <Alert color="red" role="alert">
            {t('errors.syncProducts')}
          </Alert>
        )}
        {status.data?.shop && <ShopConnectionPanel shop={status.data.shop} when={when} />}
        <Card withBorder>
          {status.isError ? (
            <Alert color="red">{formatMessage(t, apiErrorMessage(status.error, 'errors.loadData'))}</Alert>
          ) : !status.data ? (
            <Loader aria-label={t('productSync.loading')} />
          ) : (
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('productSync.lastSuccess')}
                  </Text>
                  <Text fw={600} data-testid="last-success">
                    {status.data.lastSuccessAt ? when(status.data.lastSuccessAt) : t('productSync.never')}
                  </Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('productSync.productCount')}
                  </Text>
                  <Text fw={600}>{status.data.productCount}</Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('productSync.state')}
                  </Text>
                  <Text fw={600}>{running ? t('productSync.running') : t('productSync.idle')}</Text>
                </div>
              </SimpleGrid>
              {running && (
                <Stack gap={4} data-testid="sync-progress">
                  <Progress
                    value={percent ?? 100}
                    striped
                    animated
                    size="lg"
                    aria-label={t('productSync.progressLabel')}
                    {...(percent === null ? {} : { 'aria-valuenow': percent })}
                  />
                  <Text size="sm" role="status">
                    {t('productSync.progress', { count: running.seen, pages: running.pages })}
                    {percent !== null && ` · ${percent} %`}
                  </Text>
                </Stack>
              )}
            </Stack>
          )}
        </Card>
        <Title order={2} size="h4">
          {t('productSync.history')}
        </Title>
        <PagedList
          query={runs}
          loadFailure="errors.loadData"
          loadingLabel={t('productSync.loading')}
          page={state.page}
          onPageChange={(page) => update({ page })}
          phone={phone}
          rowKey={(r) => r.id}
          columns={columns}
          minWidth={900}
          cardTestId="sync-run-card"
          card={(r) => (
            <Stack gap={4}>
              <Group justify="space-between">
                <Text fw={600}>{when(r.startedAt)}</Text>
                <RunStatus status={r.status} />
              </Group>
              <Text size="sm">
                {t(`productSync.modes.${r.mode}`)} ·{' '}
                {t('productSync.counts', {
                  created: r.created,
                  updated: r.updated,
                  deleted: r.deleted,
                  pages: r.pages,
                })}
              </Text>
              {errorsOf(r)}
            </Stack>
          )}
          empty={t('productSync.noRuns')}
        />
      </Stack>
    </>
  );
}
