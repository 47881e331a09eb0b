import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LIMITS } from '@service-portal/shared/limits';
import {
  SEARCH_KINDS,
  searchKindOf,
  searchResultPath,
  type SearchKind,
  type SearchSuggestion,
} from '@service-portal/shared/search';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useGlobalSearch } from '../api/search-global.ts';

/** How many of each type the "Search all" page asks for (the API's most). */
const PAGE_RESULTS_PER_TYPE = 50;

function ResultList({ results }: { results: SearchSuggestion[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {results.map((r) => {
        const kind = searchKindOf(r.type);
        return (
          <Card component="li" withBorder padding="sm" key={`${r.type}:${r.id}`}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={searchResultPath(kind, r.id)} fw={500}>
                  {r.name}
                </Anchor>
                {r.subtitle && (
                  <Text size="sm" c="dimmed" truncate>
                    {r.subtitle}
                  </Text>
                )}
              </div>
              <Badge variant="light" style={{ flexShrink: 0 }}>
                {t(`search.type.${kind}`)}
              </Badge>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

/** The "Search all for …" page: every type's results, a tab per type; the text lives in ?q=. */
export function SearchResults() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const tab = SEARCH_KINDS.find((k) => k === params.get('type')) ?? 'all';
  const search = useGlobalSearch({
    query,
    maxResultsPerType: PAGE_RESULTS_PER_TYPE,
    isSuggestionMode: false,
  });
  const results = search.data?.results ?? [];
  const byKind = (kind: SearchKind) => results.filter((r) => searchKindOf(r.type) === kind);

  const set = (next: { q?: string; type?: string | null }) => {
    const out = new URLSearchParams();
    const q = next.q ?? query;
    if (q) out.set('q', q);
    const type = next.type === undefined ? tab : next.type;
    if (type && type !== 'all') out.set('type', type);
    setParams(out, { replace: next.q !== undefined });
  };

  let content: React.ReactNode;
  if (query.length < LIMITS.searchMinChars) {
    content = <Text c="dimmed">{t('search.tooShort')}</Text>;
  } else if (search.isError) {
    content = (
      <Alert color="red" title={t('errors.searchError')} role="alert">
        {t('errors.searchFailed')}
      </Alert>
    );
  } else if (!search.data) {
    content = (
      <Stack gap="xs" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={56} radius="md" />
        ))}
      </Stack>
    );
  } else {
    content = (
      <Tabs value={tab} onChange={(type) => set({ type })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="all">{t('search.tab.all', { count: results.length })}</Tabs.Tab>
          {SEARCH_KINDS.map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {t(`search.tab.${kind}`, { count: byKind(kind).length })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {(['all', ...SEARCH_KINDS] as const).map((kind) => {
          const list = kind === 'all' ? results : byKind(kind);
          return (
            <Tabs.Panel key={kind} value={kind}>
              {list.length === 0 ? (
                <Text c="dimmed">{t('search.none', { query })}</Text>
              ) : (
                <ResultList results={list} />
              )}
            </Tabs.Panel>
          );
        })}
      </Tabs>
    );
  }

  return (
    <>
      <PageHeader title={t('search.title')} />
      <Stack gap="md">
        <DebouncedTextInput
          type="search"
          value={query}
          onCommit={(q) => set({ q })}
          aria-label={t('layout.search.label')}
          placeholder={t('layout.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          maw={560}
        />
        <div style={{ opacity: search.isPlaceholderData ? 0.55 : 1 }}>{content}</div>
      </Stack>
    </>
  );
}
