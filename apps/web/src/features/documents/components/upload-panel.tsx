import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_LIMITS,
  formatBytes,
  titleFromFileName,
  type DocumentCategory,
  type DocumentScope,
} from '@service-portal/shared/documents';
import { useFileDrop } from '../../../components/use-file-drop.ts';
import { documentUploadErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { uploadDocument, useInvalidateDocuments } from '../api/upload-document.ts';
import { CATEGORY_KEYS, SCOPE_KEYS } from './document-labels.ts';

interface QueuedFile {
  key: string;
  file: File;
  title: string;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  message: string | null;
}

let nextKey = 0;

/**
 * Drag and drop (or choose) one or several files; each is sent on its own with its own progress
 * bar, with the category, scope, SKU and tags chosen here. The server checks each by content.
 */
export function DocumentUploadPanel({ canUploadMaker }: { canUploadMaker: boolean }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateDocuments();
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [category, setCategory] = useState<DocumentCategory>('user_manual');
  const [scope, setScope] = useState<DocumentScope>('partner');
  const [sku, setSku] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const add = (files: File[]) => {
    setQueue((current) => [
      ...current.filter((q) => q.state !== 'done'),
      ...files.slice(0, DOCUMENT_LIMITS.maxFilesPerUpload).map((file) => ({
        key: `f${(nextKey += 1)}`,
        file,
        title: titleFromFileName(file.name),
        progress: 0,
        state: 'waiting' as const,
        message: null,
      })),
    ]);
  };
  const { rootProps, inputProps, isDragActive, open } = useFileDrop(add);

  const patch = (key: string, change: Partial<QueuedFile>) =>
    setQueue((current) => current.map((q) => (q.key === key ? { ...q, ...change } : q)));

  const start = async () => {
    setBusy(true);
    let ok = 0;
    let failed = 0;
    for (const item of queue.filter((q) => q.state === 'waiting' || q.state === 'failed')) {
      patch(item.key, { state: 'uploading', progress: 0, message: null });
      try {
        await uploadDocument({
          file: item.file,
          title: item.title.trim() || titleFromFileName(item.file.name),
          scope,
          category,
          sku,
          tags,
          description: '',
          onProgress: (progress) => patch(item.key, { progress }),
        });
        patch(item.key, { state: 'done', progress: 100 });
        ok += 1;
      } catch (error) {
        patch(item.key, { state: 'failed', message: formatMessage(t, documentUploadErrorMessage(error)) });
        failed += 1;
      }
    }
    setBusy(false);
    await invalidate();
    if (ok > 0)
      notifications.show({
        color: 'green',
        message: t('success.upload'),
        closeButtonProps: { 'aria-label': t('common.dismiss') },
      });
    if (failed > 0)
      notifications.show({
        color: 'red',
        message: t('errors.uploadDocument'),
        closeButtonProps: { 'aria-label': t('common.dismiss') },
      });
  };

  const pending = queue.filter((q) => q.state === 'waiting' || q.state === 'failed').length;

  return (
    <Stack gap="sm">
      <Box
        {...rootProps}
        data-testid="document-dropzone"
        p="md"
        style={{
          border: `2px dashed ${isDragActive ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: isDragActive ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <input
          {...inputProps}
          aria-label={t('documents.upload.chooseFiles')}
          data-testid="document-file-input"
        />
        <Group justify="center" gap="sm" wrap="wrap">
          <IconFileUpload size={28} aria-hidden="true" />
          <Text ta="center">{t('documents.upload.dropHere')}</Text>
          <Button variant="light" onClick={open}>
            {t('documents.upload.chooseFiles')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" ta="center" mt={4}>
          {t('documents.upload.accepted')}
        </Text>
      </Box>

      {queue.length > 0 && (
        <Stack gap="xs" aria-label={t('documents.upload.queue')} role="list">
          {queue.map((item) => (
            <Box key={item.key} role="listitem">
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  style={{ flex: 1, minWidth: 0 }}
                  size="xs"
                  label={`${t('documents.fields.title')} (${item.file.name}, ${formatBytes(item.file.size)})`}
                  value={item.title}
                  disabled={item.state === 'uploading' || item.state === 'done'}
                  onChange={(e) => patch(item.key, { title: e.currentTarget.value })}
                  maxLength={DOCUMENT_LIMITS.titleMax}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={item.state === 'uploading'}
                  aria-label={t('documents.upload.remove', { name: item.file.name })}
                  onClick={() => setQueue((current) => current.filter((q) => q.key !== item.key))}
                >
                  <IconX size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
              <Progress
                mt={4}
                value={item.progress}
                color={item.state === 'failed' ? 'red' : item.state === 'done' ? 'green' : undefined}
                aria-label={t('documents.upload.progress', { name: item.file.name })}
              />
              {item.state === 'done' && (
                <Text size="xs" c="green.8">
                  {t('success.upload')}
                </Text>
              )}
              {item.message !== null && (
                <Text size="xs" c="red.8" role="alert">
                  {item.message}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: canUploadMaker ? 4 : 3 }}>
        <Select
          label={t('documents.fields.category')}
          data={DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_KEYS[c]) }))}
          value={category}
          allowDeselect={false}
          onChange={(value) => value && setCategory(value)}
        />
        <TextInput
          label={t('documents.fields.sku')}
          value={sku}
          maxLength={DOCUMENT_LIMITS.skuMax}
          onChange={(e) => setSku(e.currentTarget.value)}
        />
        <TagsInput
          label={t('documents.fields.tags')}
          value={tags}
          onChange={setTags}
          maxTags={DOCUMENT_LIMITS.tagsMax}
          clearable
        />
        {canUploadMaker && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="document-scope-label">
              {t('documents.fields.scope')}
            </Text>
            <SegmentedControl
              aria-labelledby="document-scope-label"
              value={scope}
              onChange={(value) => setScope(value)}
              data={(['partner', 'maker'] as const).map((s) => ({ value: s, label: t(SCOPE_KEYS[s]) }))}
            />
          </Stack>
        )}
      </SimpleGrid>
      <Group>
        <Button onClick={() => void start()} disabled={pending === 0} loading={busy}>
          {t('documents.upload.start', { count: pending })}
        </Button>
      </Group>
    </Stack>
  );
}
