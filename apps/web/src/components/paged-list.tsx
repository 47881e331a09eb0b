import { useLayoutEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { TableTdProps } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pageRange } from '@service-portal/shared/pagination';
import { apiErrorMessage, formatMessage } from '../lib/api-errors.ts';
import type { TranslationKey } from '../lib/i18n.ts';
import { PHONE_QUERY } from '../lib/media.ts';
import { LoadErrorAlert } from './load-error-alert.tsx';
import { Pagination } from './pagination.tsx';

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PagedListColumn<T> {
  key: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  align?: 'right';
  fw?: TableTdProps['fw'];
  w?: TableTdProps['w'];
  /** The column the list is sorted by, for assistive technology (aria-sort). */
  sort?: 'ascending' | 'descending';
  /** The header is for screen readers only (an icon column: a visible word would be clipped). */
  headerHidden?: boolean;
}

/** What a list screen's `useQuery` returns, as far as the list needs it. */
export interface ListQuery<T> {
  data: ListPage<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** True while the rows on screen are the previous answer: they fade. */
  isPlaceholderData: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface PagedListProps<T> {
  /** The list's query: its answer, and the loading and failed states drawn around it. */
  query: ListQuery<T>;
  /** The screen's message when the list cannot be loaded ("Failed to load technicians."). */
  loadFailure?: TranslationKey;
  /** Accessible name of the spinner shown before the first answer. */
  loadingLabel?: string;
  /** Drawn instead of the spinner before the first answer (a skeleton). */
  loading?: ReactNode;
  /** The page asked for (from the URL): the pager follows it at once while the answer loads. */
  page: number;
  onPageChange: (page: number) => void;
  /** Phones get cards, wider screens a table. */
  phone: boolean;
  rowKey: (item: T) => string;
  columns: PagedListColumn<T>[];
  card: (item: T) => ReactNode;
  cardTestId?: string;
  /** Cards side by side where there is room (a picture grid) instead of one under another. */
  cardGrid?: boolean;
  /** Shown when the list has nothing at all (with these filters). */
  empty: ReactNode;
  /** A small spinner beside "Showing …" while a newer answer is being fetched. */
  showFetching?: boolean;
  /** Selected rows and cards are highlighted. */
  selected?: (item: T) => boolean;
  /** A wide table scrolls inside its box below this width instead of squeezing its columns. */
  minWidth?: number;
  /** `pages`: numbered pages; `steps`: just Previous and Next. */
  pager?: 'pages' | 'steps';
}

// Light enough that links and dimmed text keep 4.5:1 (app/theme.ts, issue 31).
const SELECTED = 'var(--app-selected-bg)';

/**
 * Issue 18: a table never hides columns in a sideways box. When the table is wider than the
 * space it has (a narrow window, the menu open, long words in Norwegian), the list shows its cards
 * instead, and the table again once the space has grown to what the table needed.
 */
function useTableFits(disabled: boolean) {
  const box = useRef<HTMLDivElement>(null);
  const [needed, setNeeded] = useState<number | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  const fits = needed === null || width === null || width >= needed;

  useLayoutEffect(() => {
    const element = box.current;
    if (disabled || element === null) return;
    const measure = () => {
      setWidth(element.clientWidth);
      const table = element.querySelector('table');
      if (table !== null && table.scrollWidth > element.clientWidth + 1) setNeeded(table.scrollWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  });

  return { box, fits };
}

/**
 * The body of a paged list screen: a table (cards on a phone), "Showing X to Y of Z results" and
 * the pager. A page past the end (an old link, rows deleted meanwhile) offers the first page.
 */
export function PagedList<T>({
  query,
  loadFailure = 'errors.loadData',
  loadingLabel,
  loading,
  page,
  onPageChange,
  phone,
  rowKey,
  columns,
  card,
  cardTestId,
  cardGrid = false,
  empty,
  showFetching = false,
  selected,
  minWidth,
  pager = 'pages',
}: PagedListProps<T>) {
  const { t } = useTranslation();
  const { data } = query;
  const stale = query.isPlaceholderData;
  const busy = showFetching && query.isFetching;
  const { box, fits } = useTableFits(phone);
  if (data === undefined) {
    if (query.isError)
      return (
        <LoadErrorAlert
          message={formatMessage(t, apiErrorMessage(query.error, loadFailure))}
          onRetry={() => void query.refetch()}
        />
      );
    if (query.isPending) return loading ?? <Loader aria-label={loadingLabel} />;
    return null;
  }
  if (data.items.length === 0 && data.total === 0)
    return typeof empty === 'string' ? <Text c="dimmed">{empty}</Text> : empty;
  if (data.items.length === 0) {
    return (
      <Stack align="flex-start" gap="xs">
        <Text c="dimmed">{t('common.list.pageEmpty')}</Text>
        <Button variant="light" size="xs" onClick={() => onPageChange(1)}>
          {t('common.list.firstPage')}
        </Button>
      </Stack>
    );
  }

  // While the next page loads, the line already names the page asked for (the rows fade meanwhile).
  const { from, to } = pageRange(stale ? page : data.page, data.pageSize, data.total);
  const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <Box
        ref={box}
        aria-busy={stale}
        style={{ opacity: stale ? 0.55 : 1, transition: 'opacity 150ms ease' }}
        data-testid="paged-list"
      >
        {phone || !fits ? (
          <SimpleGrid
            cols={cardGrid ? { base: 1, xs: 2, md: 3, xl: 4 } : 1}
            spacing="sm"
            verticalSpacing="sm"
          >
            {data.items.map((item) => (
              <Card
                key={rowKey(item)}
                withBorder
                padding="sm"
                data-testid={cardTestId}
                bg={selected?.(item) ? SELECTED : undefined}
              >
                {card(item)}
              </Card>
            ))}
          </SimpleGrid>
        ) : (
          <Table.ScrollContainer minWidth={minWidth ?? 0} type="native">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.key} ta={column.align} w={column.w} aria-sort={column.sort}>
                      {column.headerHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={rowKey(item)} bg={selected?.(item) ? SELECTED : undefined}>
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.align} fw={column.fw}>
                        {column.cell(item)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Box>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" role="status">
            {t('common.list.showing', { from, to, count: data.total })}
          </Text>
          {busy && <Loader size="xs" aria-hidden="true" />}
        </Group>
        {pager === 'steps' ? (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} aria-hidden="true" />}
              disabled={page <= 1}
              onClick={() => onPageChange(page - 1)}
            >
              {t('forms.list.previous')}
            </Button>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} aria-hidden="true" />}
              disabled={page >= totalPages}
              onClick={() => onPageChange(page + 1)}
            >
              {t('forms.list.next')}
            </Button>
          </Group>
        ) : (
          totalPages > 1 && (
            <Pagination
              value={Math.min(page, totalPages)}
              onChange={onPageChange}
              total={totalPages}
              size="sm"
            />
          )
        )}
      </Group>
    </>
  );
}

/** What a list screen declares; the rest of `PagedList`'s wiring follows from its URL state. */
export type ScreenListProps<T extends { id: string }> = Omit<
  PagedListProps<T>,
  'page' | 'onPageChange' | 'phone' | 'rowKey' | 'loadingLabel'
> & {
  /** The screen's URL state from `useListParams`: the page shown, and the way to another. */
  params: readonly [{ page: number }, (patch: { page: number }) => void];
  /** Accessible name of the spinner shown before the first answer ("Loading customers…"). */
  loadingLabel: string;
  /** Cards on every width (a screen's "cards" view); otherwise cards on a phone, a table elsewhere. */
  cards?: boolean;
  /**
   * Why the screen's last action on a row failed (`useState`'s pair): shown above the list until
   * closed.
   */
  actionError?: readonly [ReactNode | null, (next: null) => void];
};

/**
 * The one way to declare a list screen's list (issue 30): the query, the URL state, the columns and
 * the card. The page, the pager, the phone's cards and the row keys (the records' ids) are wired
 * here, once, instead of on every screen.
 */
export function ScreenList<T extends { id: string }>({
  params: [state, update],
  cards = false,
  actionError: [error, setError] = [null, () => undefined],
  ...list
}: ScreenListProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  return (
    <>
      {error !== null && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <PagedList
        {...list}
        page={state.page}
        onPageChange={(page) => update({ page })}
        phone={phone || cards}
        rowKey={(item) => item.id}
      />
    </>
  );
}
