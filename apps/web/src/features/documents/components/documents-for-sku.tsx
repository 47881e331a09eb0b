import { Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '@service-portal/shared/documents';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { useDocuments } from '../api/list-documents.ts';
import { CATEGORY_KEYS, typeLabel } from './document-labels.ts';

/**
 * The documents for one SKU (a product or a toilet page puts this in its `documents` slot): the
 * maker's manuals and specs and the partner's own notes, newest first.
 */
export function DocumentsForSku({ sku }: { sku: string | null | undefined }) {
  const { t } = useTranslation();
  const wanted = sku?.trim() ?? '';
  const query = useDocuments({ sku: wanted, pageSize: 50 }, { enabled: wanted.length > 0 });
  if (wanted.length === 0) return <Text c="dimmed">{t('documents.forSku.noSku')}</Text>;
  if (query.isPending) return <Loader size="sm" aria-label={t('documents.loading')} />;
  if (query.isError)
    return (
      <LoadErrorAlert
        message={formatMessage(t, apiErrorMessage(query.error, 'documents.loadFailed'))}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.items.length === 0)
    return <Text c="dimmed">{t('documents.forSku.none', { sku: wanted })}</Text>;
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('documents.forSku.title', { sku: wanted })}
    >
      {query.data.items.map((doc) => (
        <li key={doc.id}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/documents/${doc.id}`} fw={600}>
              {doc.title}
            </Anchor>
            <Badge variant="light" size="sm">
              {t(CATEGORY_KEYS[doc.category])}
            </Badge>
            <Text size="xs" c="dimmed">
              {typeLabel(doc.current.mimeType)} · {formatBytes(doc.current.bytes)}
            </Text>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
