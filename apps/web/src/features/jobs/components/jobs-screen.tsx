import { Anchor, Badge, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JOB_STATES } from '@service-portal/shared/jobs';
import type { Job, JobState } from '@service-portal/shared/jobs';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { optionalChoiceParam, pageParam, useListParams } from '../../../lib/use-list-params.ts';
import { useCancelJob } from '../api/cancel-job.ts';
import { useJobs } from '../api/list-jobs.ts';
import { useRetryJob } from '../api/retry-job.ts';

const PAGE_SIZE = 25;
// The state filter and the page live in the URL (?state=failed&page=2).
const PARAMS = { state: optionalChoiceParam('state', JOB_STATES), page: pageParam() };

const STATE_COLOR: Record<JobState, string> = {
  queued: 'blue',
  running: 'cyan',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/**
 * Administration → Background jobs (global administrators): what is queued, running and failed
 * with its error; run a failed job again or cancel one. Jobs belong to the installation.
 */
export function JobsScreen() {
  const { t, i18n } = useTranslation();
  const [params, update] = useListParams(PARAMS);
  const jobs = useJobs({
    page: params.page,
    pageSize: PAGE_SIZE,
    ...(params.state ? { state: params.state } : {}),
  });
  const cancel = useCancelJob();
  const retry = useRetryJob();
  const [error, setError] = useState<string | null>(null);
  const counts = jobs.data?.counts;
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  const act = (job: Job, action: 'retry' | 'cancel') => {
    setError(null);
    const mutation = action === 'retry' ? retry : cancel;
    mutation.mutate(job.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: action === 'retry' ? t('jobs.retried') : t('jobs.cancelled'),
        }),
      onError: (e) => setError(formatMessage(t, apiErrorMessage(e, 'jobs.actionFailed'))),
    });
  };

  const stateBadge = (job: Job) => (
    // Never shortened to "SU…": the badge keeps its word however narrow the column or card.
    <Badge color={STATE_COLOR[job.state]} variant="light" style={{ minWidth: 'max-content', flexShrink: 0 }}>
      {t(`jobs.states.${job.state}`)}
    </Badge>
  );
  const progress = (job: Job) => {
    if (!job.progress) return '—';
    const { current, total } = job.progress;
    if (total === null || total === 0) return t('jobs.progressOpen', { current });
    const label = t('jobs.progress', { current, total });
    return (
      <Stack gap={2} miw={120}>
        <Progress value={Math.min(100, (current / total) * 100)} aria-label={label} size="sm" />
        <Text size="xs">{label}</Text>
      </Stack>
    );
  };
  const timing = (job: Job) => {
    if (job.state === 'queued')
      return job.attempts > 0
        ? t('jobs.retryAt', { when: when(job.runAt) })
        : t('jobs.runsAt', { when: when(job.runAt) });
    if (job.state === 'running' && job.startedAt) return t('jobs.startedAt', { when: when(job.startedAt) });
    return job.finishedAt ? t('jobs.finishedAt', { when: when(job.finishedAt) }) : when(job.createdAt);
  };
  const lastError = (job: Job) =>
    job.lastError ? (
      <Text
        size="sm"
        c={job.state === 'failed' ? 'red' : 'dimmed'}
        style={{ overflowWrap: 'anywhere' }}
        lineClamp={3}
      >
        {job.lastError}
      </Text>
    ) : (
      '—'
    );
  const actions = (job: Job) => (
    <Group gap="xs" wrap="nowrap">
      {(job.state === 'failed' || job.state === 'cancelled') && (
        <Button
          size="xs"
          variant="light"
          onClick={() => act(job, 'retry')}
          loading={retry.isPending && retry.variables === job.id}
          aria-label={t('jobs.retryLabel', { name: job.name })}
        >
          {t('jobs.retry')}
        </Button>
      )}
      {(job.state === 'queued' || job.state === 'running') && (
        <Button
          size="xs"
          variant="light"
          color="orange"
          onClick={() => act(job, 'cancel')}
          loading={cancel.isPending && cancel.variables === job.id}
          aria-label={t('jobs.cancelLabel', { name: job.name })}
        >
          {t('jobs.cancel')}
        </Button>
      )}
    </Group>
  );

  const columns: PagedListColumn<Job>[] = [
    { key: 'name', header: t('jobs.columns.name'), cell: (job) => <Text fw={600}>{job.name}</Text> },
    { key: 'state', header: t('jobs.columns.state'), cell: stateBadge },
    {
      key: 'attempts',
      header: t('jobs.columns.attempts'),
      cell: (job) => t('jobs.attempts', { attempts: job.attempts, max: job.maxAttempts }),
    },
    { key: 'progress', header: t('jobs.columns.progress'), cell: progress },
    { key: 'when', header: t('jobs.columns.when'), cell: timing },
    { key: 'error', header: t('jobs.columns.lastError'), cell: lastError },
    { key: 'actions', header: null, cell: actions },
  ];

  const stateOptions = [
    { value: '', label: t('jobs.allStates') },
    ...JOB_STATES.map((state) => ({
      value: state,
      label: counts
        ? t('jobs.stateWithCount', { state: t(`jobs.states.${state}`), count: counts[state] })
        : t(`jobs.states.${state}`),
    })),
  ];

  return (
    <>
      <PageHeader
        title={t('jobs.title')}
        actions={
          <Anchor component={Link} to="/admin">
            {t('jobs.back')}
          </Anchor>
        }
      />
      <Stack>
        <Select
          label={t('jobs.stateFilter')}
          data={stateOptions}
          value={params.state ?? ''}
          allowDeselect={false}
          onChange={(value) => {
            const state = JOB_STATES.find((s) => s === value) ?? null;
            update({ state, page: 1 });
          }}
          maw={320}
        />
        <ScreenList
          query={jobs}
          params={[params, update]}
          actionError={[error, setError]}
          loadFailure="errors.loadData"
          loadingLabel={t('jobs.loading')}
          columns={columns}
          cardTestId="job-card"
          card={(job) => (
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {job.name}
                </Text>
                {stateBadge(job)}
              </Group>
              <Text size="xs" c="dimmed">
                {t('jobs.attempts', { attempts: job.attempts, max: job.maxAttempts })} · {timing(job)}
              </Text>
              {job.progress && progress(job)}
              {job.lastError && lastError(job)}
              {actions(job)}
            </Stack>
          )}
          empty={params.state ? t('jobs.emptyState') : t('jobs.empty')}
        />
      </Stack>
    </>
  );
}
