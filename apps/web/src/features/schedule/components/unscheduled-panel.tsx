import { memo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Alert, Button, Chip, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScheduleCard } from '@service-portal/shared/schedule';
import { PRIORITIES, SERVICE_TYPES } from '@service-portal/shared/service-orders';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { useUnscheduled } from '../api/list-unscheduled.ts';
import { useDropTarget } from '../lib/drop-target.ts';
import type { UnscheduledFilters } from '../api/list-unscheduled.ts';
import classes from './board.module.css';
import { BoardCard, useCardTexts } from './schedule-card.tsx';

export const LIST_DROP_ID = 'list';
const PAGE_SIZE = 30;
const AGES = [1, 3, 7, 14, 30] as const;

/**
 * The list as a drop target, apart from the list itself: dnd-kit renders every drop target again
 * at each step of a drag, and this one marks the list (`data-over`) without rendering it.
 */
function ListDropBinding({ node }: { node: RefObject<HTMLElement | null> }) {
  useDropTarget(node, LIST_DROP_ID);
  return null;
}

/**
 * Open orders without a day or technician, highest priority and oldest first, filtered by
 * priority, service type, postcode and age. A card dropped here is unscheduled.
 */
export const UnscheduledPanel = memo(function UnscheduledPanel({
  onSchedule,
}: {
  onSchedule?: ((card: ScheduleCard) => void) | undefined;
}) {
  const { t } = useTranslation();
  const texts = useCardTexts();
  const [filters, setFilters] = useState<UnscheduledFilters>({
    priority: [],
    serviceType: [],
    postcode: '',
    minAgeDays: null,
    page: 1,
    pageSize: PAGE_SIZE,
  });
  const update = (patch: Partial<UnscheduledFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const list = useUnscheduled(filters);
  const section = useRef<HTMLDivElement>(null);
  const total = list.data?.total ?? 0;

  return (
    <Stack
      ref={section}
      gap="sm"
      p="xs"
      aria-labelledby="unscheduled-heading"
      component="section"
      className={classes.list}
    >
      <ListDropBinding node={section} />
      <Title order={2} size="h4" id="unscheduled-heading">
        {t('schedule.list.title', { count: total })}
      </Title>
      <Text size="xs" c="dimmed">
        {t('schedule.list.dropHint')}
      </Text>
      <Chip.Group multiple value={filters.priority} onChange={(v) => update({ priority: v })}>
        <Group gap={4} role="group" aria-label={t('schedule.list.priority')}>
          {PRIORITIES.map((p) => (
            <Chip key={p} value={p} size="xs">
              {t(`schedule.priority.${p}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Chip.Group multiple value={filters.serviceType} onChange={(v) => update({ serviceType: v })}>
        <Group gap={4} role="group" aria-label={t('schedule.list.serviceType')}>
          {SERVICE_TYPES.map((s) => (
            <Chip key={s} value={s} size="xs">
              {t(`schedule.serviceType.${s}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group gap="xs" grow>
        <DebouncedTextInput
          size="xs"
          label={t('schedule.list.postcode')}
          value={filters.postcode}
          onCommit={(postcode) => update({ postcode })}
          maxLength={10}
        />
        <NativeSelect
          size="xs"
          label={t('schedule.list.age')}
          value={filters.minAgeDays === null ? '' : String(filters.minAgeDays)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            update({ minAgeDays: value === '' ? null : Number(value) });
          }}
          data={[
            { value: '', label: t('schedule.list.anyAge') },
            ...AGES.map((days) => ({
              value: String(days),
              label: t('schedule.list.olderThan', { count: days }),
            })),
          ]}
        />
      </Group>
      {list.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" role="status" aria-label={t('schedule.list.loading')} />
        </Group>
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {formatMessage(t, apiErrorMessage(list.error, 'schedule.list.loadFailed'))}
          <Button size="compact-xs" variant="subtle" ml="xs" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('schedule.list.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.items.map((card) => (
            <li key={card.id}>
              <BoardCard card={card} texts={texts} onSchedule={onSchedule} />
            </li>
          ))}
        </Stack>
      )}
      {total > PAGE_SIZE && (
        // Two buttons rather than the app's pager: the board's route stays within its weight.
        <Group gap="xs" justify="space-between">
          <Button
            size="compact-sm"
            variant="default"
            disabled={filters.page <= 1}
            onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          >
            {t('common.list.previous')}
          </Button>
          <Text size="xs">
            {t('schedule.list.page', { page: filters.page, pages: Math.ceil(total / PAGE_SIZE) })}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            disabled={filters.page * PAGE_SIZE >= total}
            onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          >
            {t('common.list.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
});
