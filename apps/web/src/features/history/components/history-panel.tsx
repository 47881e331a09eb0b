import { useState } from 'react';
import { Badge, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistoryActor, HistoryEvent } from '@service-portal/shared/history';
import type { Currency } from '@service-portal/shared/limits';
import { pageRange } from '@service-portal/shared/pagination';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useHistory, type HistoryTarget } from '../api/get-history.ts';
import { actorLabel, fieldLabel, formatHistoryValue, tableLabel, type LooseT } from './history-values.ts';

const PAGE_SIZE = 25;

export interface HistoryPanelProps {
  target: HistoryTarget;
  /** The currency amounts of this record are in (default NOK). */
  currency?: Currency;
}

function actorValue(actor: HistoryActor): string {
  return actor.kind === 'user' && actor.id ? `user:${actor.id}` : `kind:${actor.kind}`;
}

/**
 * Who changed what, field by field, newest first (issue 26): the page's record and, for an order,
 * its lines, work logs, messages and images; filter by field and by person. The route modules
 * place it on each page with a History section.
 */
export function HistoryPanel({ target, currency = 'NOK' }: HistoryPanelProps) {
  const { t, i18n } = useTranslation();
  const lt = t as unknown as LooseT;
  const [page, setPage] = useState(1);
  const [field, setField] = useState<string | null>(null);
  const [person, setPerson] = useState<string | null>(null);
  const actorFilter = person?.startsWith('user:')
    ? { actorId: person.slice(5) }
    : person?.startsWith('kind:')
      ? { actorKind: person.slice(5) as HistoryActor['kind'] }
      : {};
  const history = useHistory(target, {
    ...(field ? { field } : {}),
    ...actorFilter,
    page,
    pageSize: PAGE_SIZE,
  });
  const own = target.subject;
  const data = history.data;
  // 404: nothing was ever recorded for the record (it predates the history): an empty history.
  // Any other failure of this read says so and offers a retry (the read changes nothing, so the
  // error catalogue's per-record messages, lib/api-errors.ts, have nothing to add here).
  const nothingRecorded =
    history.isError && (history.error as { response?: { status?: number } }).response?.status === 404;

  const fieldOptions = (data?.fields ?? []).map((f) => ({
    value: `${f.table}.${f.field}`,
    label:
      f.table === own ? fieldLabel(lt, f.field) : `${tableLabel(lt, f.table)}: ${fieldLabel(lt, f.field)}`,
  }));
  const personOptions = [
    ...new Map((data?.actors ?? []).map((a) => [actorValue(a), actorLabel(lt, a)])).entries(),
  ].map(([value, label]) => ({ value, label }));
  const options = { language: i18n.language, currency };

  const what = (e: HistoryEvent) => {
    const name =
      e.table === own ? fieldLabel(lt, e.field) : `${tableLabel(lt, e.table)}: ${fieldLabel(lt, e.field)}`;
    return e.operation === 'update' ? name : `${name} (${t(`history.operations.${e.operation}`)})`;
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="history-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="history-title">
          {t('history.title')}
        </Title>
        <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-end">
          <Select
            label={t('history.filters.field')}
            placeholder={t('history.filters.anyField')}
            data={fieldOptions}
            value={field}
            onChange={(v) => {
              setField(v);
              setPage(1);
            }}
            clearable
            searchable
            miw={200}
          />
          <Select
            label={t('history.filters.person')}
            placeholder={t('history.filters.anyone')}
            data={personOptions}
            value={person}
            onChange={(v) => {
              setPerson(v);
              setPage(1);
            }}
            clearable
            miw={200}
          />
        </Group>
        {history.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={t('history.loading')} />
          </Group>
        ) : history.isError && !data && !nothingRecorded ? (
          <LoadErrorAlert message={t('history.loadFailed')} onRetry={() => void history.refetch()} />
        ) : !data || data.items.length === 0 ? (
          <Text c="dimmed">
            {field || person
              ? t('history.emptyFiltered')
              : nothingRecorded
                ? t('history.beforeHistory')
                : t('history.empty')}
          </Text>
        ) : (
          <>
            {/* Focusable: at phone width the table scrolls sideways and holds nothing to tab to. */}
            <Table.ScrollContainer
              minWidth={560}
              type="native"
              tabIndex={0}
              role="region"
              aria-label={t('history.title')}
            >
              <Table striped verticalSpacing="xs" aria-describedby="history-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('history.columns.when')}</Table.Th>
                    <Table.Th>{t('history.columns.who')}</Table.Th>
                    <Table.Th>{t('history.columns.what')}</Table.Th>
                    <Table.Th>{t('history.columns.from')}</Table.Th>
                    <Table.Th>{t('history.columns.to')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(e.at, i18n.language)}
                      </Table.Td>
                      <Table.Td>
                        {actorLabel(lt, e.actor)}
                        {e.actor.kind !== 'user' && (
                          <Badge ml={6} size="xs" variant="light" color="gray">
                            {t(`history.kinds.${e.actor.kind}`)}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{what(e)}</Table.Td>
                      <Table.Td>{formatHistoryValue(lt, e, e.oldValue, options)}</Table.Td>
                      <Table.Td>{formatHistoryValue(lt, e, e.newValue, options)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('common.list.showing', {
                  ...pageRange(data.page, data.pageSize, data.total),
                  count: data.total,
                })}
              </Text>
              {data.total > data.pageSize && (
                <Pagination
                  total={Math.ceil(data.total / data.pageSize)}
                  value={page}
                  onChange={setPage}
                  size="sm"
                />
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
