import { useState } from 'react';
import { Alert, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  fitsTotal,
  IMAGE_CATEGORIES,
  imageCategorySchema,
  type ImageCategory,
} from '@service-portal/shared/images';
import {
  formatSize,
  ImageFilePicker,
  PickedFileCard,
  usePickedFiles,
} from '../../../components/image-file-picker.tsx';
import { formatMessage, isInvalidUploadLink, uploadErrorMessage } from '../../../lib/api-errors.ts';
import { uploadCustomerImage } from '../api/upload-customer-image.ts';

interface Props {
  token: string;
  session: string;
  bytesRemaining: number;
  onComplete: (count: number) => void;
  onInvalidLink: () => void;
}

/** Upload Service Images: per photo a category and an optional description, then one upload each. */
export function CustomerImageUploader({ token, session, bytesRemaining, onComplete, onInvalidLink }: Props) {
  const { t } = useTranslation();
  const files = usePickedFiles();
  const [fields, setFields] = useState<Record<string, { category: ImageCategory; description: string }>>({});
  const [sending, setSending] = useState(false);
  const pending = files.items.filter((i) => !i.done);
  const totalOk = fitsTotal(
    pending.map((i) => i.file.size),
    bytesRemaining,
  );
  const totalBytes = pending.reduce((a, i) => a + i.file.size, 0);

  const categoryOptions = IMAGE_CATEGORIES.map((c) => ({ value: c, label: t(`uploads.categories.${c}`) }));
  const fieldsOf = (id: string) => fields[id] ?? { category: 'problem_area' as const, description: '' };

  const send = async () => {
    setSending(true);
    let uploaded = files.items.filter((i) => i.done).length;
    let failed = false;
    for (const item of pending) {
      const f = fieldsOf(item.id);
      files.update(item.id, { progress: 0, error: null });
      try {
        await uploadCustomerImage({
          token,
          session,
          file: item.file,
          category: f.category,
          description: f.description.trim(),
          onProgress: (progress) => files.update(item.id, { progress }),
        });
        files.update(item.id, { progress: 100, done: true });
        uploaded += 1;
      } catch (error) {
        if (isInvalidUploadLink(error)) {
          onInvalidLink();
          return;
        }
        failed = true;
        files.update(item.id, { error: formatMessage(t, uploadErrorMessage(error)) });
      }
    }
    setSending(false);
    if (!failed && uploaded > 0) onComplete(uploaded);
  };

  return (
    <Stack gap="sm">
      <ImageFilePicker onAdd={(list) => files.add(list)} disabled={sending} />
      {files.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('uploads.picker.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {files.items.map((item) => {
            const f = fieldsOf(item.id);
            return (
              <PickedFileCard
                key={item.id}
                item={item}
                disabled={sending}
                onRemove={() => files.remove(item.id)}
              >
                <Select
                  label={t('uploads.picker.category')}
                  data={categoryOptions}
                  value={f.category}
                  allowDeselect={false}
                  disabled={sending || item.done}
                  size="sm"
                  onChange={(value) => {
                    const parsed = imageCategorySchema.safeParse(value);
                    if (parsed.success)
                      setFields((old) => ({ ...old, [item.id]: { ...f, category: parsed.data } }));
                  }}
                />
                <TextInput
                  label={t('uploads.picker.description')}
                  value={f.description}
                  maxLength={500}
                  disabled={sending || item.done}
                  size="sm"
                  onChange={(e) => {
                    const description = e.currentTarget.value;
                    setFields((old) => ({ ...old, [item.id]: { ...f, description } }));
                  }}
                />
              </PickedFileCard>
            );
          })}
        </Stack>
      )}
      {pending.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('uploads.picker.summary', { count: pending.length, size: formatSize(totalBytes) })}
        </Text>
      )}
      {!totalOk && (
        <Alert color="red" role="alert">
          {t('validation.fileTooLarge')}: {t('uploads.picker.totalTooLarge')}
        </Alert>
      )}
      <Button
        onClick={() => void send()}
        disabled={pending.length === 0 || !totalOk}
        loading={sending}
        fullWidth
      >
        {t('uploads.picker.send')}
      </Button>
    </Stack>
  );
}
