import { Anchor, Badge, Card, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_SCOPES,
  formatBytes,
  type DocumentCategory,
  type DocumentListItem,
  type DocumentScope,
} from '@service-portal/shared/documents';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScreenList, type PagedListColumn } from '../../../components/paged-list.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { optionalChoiceParam, pageParam, textParam, useListParams } from '../../../lib/use-list-params.ts';
import { useDocumentStats, useDocuments } from '../api/list-documents.ts';
import { CATEGORY_KEYS, SCOPE_KEYS, typeLabel } from './document-labels.ts';
import { HighlightedText } from './highlighted-text.tsx';
import { DocumentUploadPanel } from './upload-panel.tsx';

const PAGE_SIZE = 20;
const PARAMS = {
  search: textParam('q'),
  category: optionalChoiceParam<DocumentCategory>('category', DOCUMENT_CATEGORIES),
  scope: optionalChoiceParam<DocumentScope>('scope', DOCUMENT_SCOPES),
  tag: textParam('tag'),
  page: pageParam(),
};

interface Props {
  /** Administrators and ServiceManagers add the partner's documents. */
  canUpload: boolean;
  /** The global administrator adds the maker's documents too. */
  canUploadMaker: boolean;
}

/** Spec §2 /info-center: documents with search, upload, categories and stats. */
export function InfoCenterScreen({ canUpload, canUploadMaker }: Props) {
  const { t, i18n } = useTranslation();
  const [state, update] = useListParams(PARAMS);
  const list = useDocuments({
    page: state.page,
    pageSize: PAGE_SIZE,
    ...(state.search ? { search: state.search } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(state.scope ? { scope: state.scope } : {}),
    ...(state.tag ? { tag: state.tag } : {}),
  });
  const stats = useDocumentStats();

  const title = (doc: DocumentListItem) => (
    <Stack gap={2}>
      <Anchor component={Link} to={`/documents/${doc.id}`} fw={600}>
        {doc.match ? <HighlightedText highlight={doc.match.title} /> : doc.title}
      </Anchor>
      {doc.match?.snippet && (
        <Text size="sm" c="dimmed" data-testid="document-snippet" style={{ overflowWrap: 'anywhere' }}>
          <HighlightedText highlight={doc.match.snippet} />
        </Text>
      )}
    </Stack>
  );
  const badges = (doc: DocumentListItem) => (
    <Group gap={4} wrap="wrap">
      <Badge variant="light">{t(CATEGORY_KEYS[doc.category])}</Badge>
      <Badge variant="outline" color={doc.scope === 'maker' ? 'grape' : 'teal'}>
        {t(SCOPE_KEYS[doc.scope])}
      </Badge>
    </Group>
  );
  const file = (doc: DocumentListItem) =>
    `${typeLabel(doc.current.mimeType)} · ${formatBytes(doc.current.bytes)}`;

  const columns: PagedListColumn<DocumentListItem>[] = [
    { key: 'title', header: t('documents.fields.title'), cell: title },
    { key: 'category', header: t('documents.fields.category'), cell: badges },
    { key: 'sku', header: t('documents.fields.sku'), cell: (d) => d.sku ?? '—' },
    { key: 'file', header: t('documents.fields.file'), cell: file },
    {
      key: 'updated',
      header: t('documents.fields.updated'),
      cell: (d) => formatDay(d.updatedAt, i18n.language),
    },
  ];

  const tagOptions = stats.data?.tags.map((tag) => tag.tag) ?? [];
  if (state.tag && !tagOptions.includes(state.tag)) tagOptions.push(state.tag);

  return (
    <>
      <PageHeader title={t('screens.infoCenter')} />
      <Stack gap="lg">
        <section aria-labelledby="documents-stats-title">
          <Title order={2} size="h4" id="documents-stats-title" mb="xs">
            {t('documents.stats.title')}
          </Title>
          {stats.isPending ? (
            <Loader size="sm" aria-label={t('documents.stats.loading')} />
          ) : stats.data ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Card withBorder padding="sm">
                <Text size="sm" c="dimmed">
                  {t('documents.stats.total')}
                </Text>
                <Text fw={700} size="xl" data-testid="documents-total">
                  {t('documents.stats.documents', { count: stats.data.total })}
                </Text>
                <Text size="sm">
                  {t('documents.stats.size', { size: formatBytes(stats.data.totalBytes) })}
                </Text>
              </Card>
              <Card withBorder padding="sm">
                <Text size="sm" c="dimmed" mb={4}>
                  {t('documents.stats.perCategory')}
                </Text>
                <Stack gap={2}>
                  {DOCUMENT_CATEGORIES.map((category) => (
                    <Group key={category} justify="space-between" wrap="nowrap" gap="xs">
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => update({ category, page: 1 })}
                      >
                        {t(CATEGORY_KEYS[category])}
                      </Anchor>
                      <Text size="sm" fw={600}>
                        {stats.data.perCategory.find((c) => c.category === category)?.count ?? 0}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Card>
              <Card withBorder padding="sm">
                <Text size="sm" c="dimmed" mb={4}>
                  {t('documents.stats.mostOpened')}
                </Text>
                {stats.data.mostOpened.length === 0 ? (
                  <Text size="sm">{t('documents.stats.noOpens')}</Text>
                ) : (
                  <Stack gap={2}>
                    {stats.data.mostOpened.map((m) => (
                      <Group key={m.id} justify="space-between" wrap="nowrap" gap="xs">
                        <Anchor component={Link} to={`/documents/${m.id}`} size="sm" lineClamp={1}>
                          {m.title}
                        </Anchor>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {t('documents.stats.opens', { count: m.opens })}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                )}
              </Card>
            </SimpleGrid>
          ) : null}
        </section>

        {canUpload && (
          <section aria-labelledby="documents-upload-title">
            <Title order={2} size="h4" id="documents-upload-title" mb="xs">
              {t('documents.upload.title')}
            </Title>
            <DocumentUploadPanel canUploadMaker={canUploadMaker} />
          </section>
        )}

        <section aria-labelledby="documents-search-title">
          <Title order={2} size="h4" id="documents-search-title" mb="xs">
            {t('documents.search.title')}
          </Title>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              <DebouncedTextInput
                label={t('documents.search.label')}
                placeholder={t('documents.search.placeholder')}
                leftSection={<IconSearch size={16} aria-hidden="true" />}
                value={state.search}
                onCommit={(search) => update({ search, page: 1 })}
                type="search"
              />
              <Select
                label={t('documents.fields.category')}
                placeholder={t('documents.search.all')}
                clearable
                data={DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_KEYS[c]) }))}
                value={state.category}
                onChange={(value) => update({ category: value ?? null, page: 1 })}
              />
              <Select
                label={t('documents.fields.scope')}
                placeholder={t('documents.search.all')}
                clearable
                data={DOCUMENT_SCOPES.map((s) => ({ value: s, label: t(SCOPE_KEYS[s]) }))}
                value={state.scope}
                onChange={(value) => update({ scope: value ?? null, page: 1 })}
              />
              <Select
                label={t('documents.fields.tag')}
                placeholder={t('documents.search.all')}
                clearable
                searchable
                data={tagOptions}
                value={state.tag || null}
                onChange={(value) => update({ tag: value ?? '', page: 1 })}
              />
            </SimpleGrid>
            <ScreenList
              query={list}
              params={[state, update]}
              loadFailure="documents.loadFailed"
              loadingLabel={t('documents.loading')}
              columns={columns}
              cardTestId="document-card"
              card={(doc) => (
                <Stack gap={6}>
                  {title(doc)}
                  {badges(doc)}
                  <Text size="xs" c="dimmed">
                    {[doc.sku, file(doc), formatDay(doc.updatedAt, i18n.language)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              )}
              empty={state.search ? t('documents.search.noMatches') : t('documents.empty')}
              showFetching
            />
          </Stack>
        </section>
      </Stack>
    </>
  );
}
