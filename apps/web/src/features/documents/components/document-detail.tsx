import { useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEdit, IconReplace, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatBytes, type DocumentDetail, type DocumentVersion } from '@service-portal/shared/documents';
import { ConfirmDialog, lazyDialog } from '../../../components/lazy-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, documentUploadErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { RecordLoadFailure } from '../../../components/record-load-failure.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useDownloadDocument } from '../api/download-document.ts';
import { useDocument } from '../api/get-document.ts';
import { useDeleteDocument } from '../api/save-document.ts';
import { replaceDocumentFile, useInvalidateDocuments } from '../api/upload-document.ts';
import { CATEGORY_KEYS, SCOPE_KEYS, typeLabel } from './document-labels.ts';
import { DocumentPreview } from './document-preview.tsx';

// The dialogs (the edit form and its inputs) load when first opened (issue 18: weight).
const DocumentEditDialog = lazyDialog(() =>
  import('./document-dialogs.tsx').then((m) => m.DocumentEditDialog),
);

/** Spec /documents/{id}: the preview, the details, the versions, download; edit for those allowed. */
export function DocumentDetailScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useDocument(id);
  if (query.isPending) return <Loader aria-label={t('documents.loading')} />;
  if (query.isError)
    return (
      <RecordLoadFailure
        error={query.error}
        heading={t('screens.document')}
        notFound={{
          title: t('documents.notFound.title'),
          text: t('documents.notFound.text'),
          backTo: '/info-center',
          backLabel: t('documents.notFound.back'),
        }}
        fallback="documents.loadOneFailed"
        onRetry={() => void query.refetch()}
      />
    );
  return <DocumentView document={query.data} />;
}

function DocumentView({ document }: { document: DocumentDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const download = useDownloadDocument();
  const remove = useDeleteDocument();
  const invalidate = useInvalidateDocuments();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<number | null>(null);
  const resetFile = useRef<() => void>(null);

  const get = (version: DocumentVersion) => {
    setError(null);
    download.mutate(
      { id: document.id, version: version.number, fileName: version.fileName },
      { onError: (e) => setError(formatMessage(t, apiErrorMessage(e, 'documents.downloadFailed'))) },
    );
  };

  const replace = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    setError(null);
    setReplacing(0);
    try {
      await replaceDocumentFile({ id: document.id, file, onProgress: setReplacing });
      notifications.show({
        color: 'green',
        message: t('success.upload'),
        closeButtonProps: { 'aria-label': t('common.dismiss') },
      });
    } catch (e) {
      setError(formatMessage(t, documentUploadErrorMessage(e)));
    } finally {
      setReplacing(null);
      await invalidate();
    }
  };

  const confirmDelete = () => {
    setDeleting(false);
    remove.mutate(document.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: t('success.deleted'),
          closeButtonProps: { 'aria-label': t('common.dismiss') },
        });
        void navigate('/info-center');
      },
      onError: (e) => setError(formatMessage(t, apiErrorMessage(e, 'documents.deleteFailed'))),
    });
  };

  const current = document.current;
  const details: [string, ReactNode][] = [
    [t('documents.fields.category'), t(CATEGORY_KEYS[document.category])],
    [t('documents.fields.scope'), t(SCOPE_KEYS[document.scope])],
    [
      t('documents.fields.sku'),
      document.product ? (
        <Anchor component={Link} to={`/products/${encodeURIComponent(document.product.productId)}`}>
          {document.sku} · {document.product.title}
        </Anchor>
      ) : (
        (document.sku ?? '—')
      ),
    ],
    [
      t('documents.fields.tags'),
      document.tags.length === 0 ? (
        '—'
      ) : (
        <Group gap={4}>
          {document.tags.map((tag) => (
            <Badge key={tag} variant="light" color="gray">
              {tag}
            </Badge>
          ))}
        </Group>
      ),
    ],
    [
      t('documents.fields.file'),
      `${current.fileName} · ${typeLabel(current.mimeType)} · ${formatBytes(current.bytes)}`,
    ],
    [
      t('documents.fields.uploaded'),
      `${formatDateTime(current.uploadedAt, i18n.language)}${current.uploadedBy ? ` · ${current.uploadedBy.name}` : ''}`,
    ],
    [t('documents.fields.opens'), t('documents.stats.opens', { count: document.opensThisMonth })],
  ];

  return (
    <>
      <PageHeader
        title={document.title}
        actions={
          <Group gap="xs" wrap="wrap">
            <Button
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={() => get(current)}
              loading={download.isPending}
            >
              {t('documents.download')}
            </Button>
            {document.canManage && (
              <>
                <Button
                  variant="light"
                  leftSection={<IconEdit size={16} aria-hidden="true" />}
                  onClick={() => setEditing(true)}
                >
                  {t('documents.edit')}
                </Button>
                <FileButton onChange={(file) => void replace(file)} resetRef={resetFile}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconReplace size={16} aria-hidden="true" />}
                      loading={replacing !== null}
                    >
                      {t('documents.replace')}
                    </Button>
                  )}
                </FileButton>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => setDeleting(true)}
                >
                  {t('documents.delete')}
                </Button>
              </>
            )}
          </Group>
        }
      />
      <Stack gap="md">
        {replacing !== null && <Progress value={replacing} aria-label={t('documents.replacing')} />}
        {error !== null && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {document.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{document.description}</Text>}
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder padding="sm">
              <Title order={2} size="h4" mb="xs">
                {t('documents.preview.title')}
              </Title>
              <DocumentPreview document={document} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack>
              <Card withBorder padding="sm">
                <Title order={2} size="h4" mb="xs">
                  {t('documents.details')}
                </Title>
                <Stack gap={6} component="dl" m={0}>
                  {details.map(([label, value]) => (
                    <div key={label}>
                      <Text component="dt" size="xs" c="dimmed">
                        {label}
                      </Text>
                      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                        {value}
                      </Text>
                    </div>
                  ))}
                </Stack>
              </Card>
              <Card withBorder padding="sm">
                <Title order={2} size="h4" mb="xs">
                  {t('documents.versions.title', { count: document.versions.length })}
                </Title>
                <Table.ScrollContainer minWidth={0} type="native">
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('documents.versions.number')}</Table.Th>
                        <Table.Th>{t('documents.fields.file')}</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>{t('documents.download')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {document.versions.map((v) => (
                        <Table.Tr key={v.id}>
                          <Table.Td>{v.number}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            <Text size="sm">{v.fileName}</Text>
                            <Text size="xs" c="dimmed">
                              {formatBytes(v.bytes)} · {formatDateTime(v.uploadedAt, i18n.language)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              onClick={() => get(v)}
                              aria-label={t('documents.versions.download', { number: v.number })}
                            >
                              <IconDownload size={16} aria-hidden="true" />
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <DocumentEditDialog document={document} opened={editing} onClose={() => setEditing(false)} />
      <ConfirmDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('documents.deleteTitle')}
        message={t('documents.deleteConfirm', { title: document.title })}
        confirmLabel={t('documents.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </>
  );
}
