import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  fitsTotal,
  IMAGE_CATEGORIES,
  IMAGE_MOMENTS,
  imageCategorySchema,
  imageMomentSchema,
  type ImageCategory,
  type ImageMoment,
} from '@service-portal/shared/images';
import { ImageFilePicker, PickedFileCard, usePickedFiles } from '../../../components/image-file-picker.tsx';
import { formatMessage, uploadErrorMessage } from '../../../lib/api-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { orderImagesKey } from '../api/keys.ts';
import { uploadOrderImage } from '../api/upload-order-image.ts';

interface Fields {
  category: ImageCategory;
  moment: ImageMoment;
  description: string;
}

/** Staff add photos to an order, each with its category, moment and an optional description. */
export function AddImagesModal({
  orderId,
  opened,
  onClose,
}: {
  orderId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const queryClient = useQueryClient();
  const files = usePickedFiles();
  const [fields, setFields] = useState<Record<string, Fields>>({});
  const [moment, setMoment] = useState<ImageMoment>('intake');
  const [sending, setSending] = useState(false);
  const pending = files.items.filter((i) => !i.done);
  const totalOk = fitsTotal(pending.map((i) => i.file.size));
  const fieldsOf = (id: string): Fields =>
    fields[id] ?? { category: 'problem_area', moment, description: '' };

  const close = () => {
    if (sending) return;
    files.clear();
    setFields({});
    onClose();
  };

  const send = async () => {
    setSending(true);
    let failed = false;
    for (const item of pending) {
      const f = fieldsOf(item.id);
      files.update(item.id, { progress: 0, error: null });
      try {
        await uploadOrderImage({
          orderId,
          file: item.file,
          category: f.category,
          moment: f.moment,
          description: f.description.trim(),
          onProgress: (progress) => files.update(item.id, { progress }),
        });
        files.update(item.id, { progress: 100, done: true });
      } catch (error) {
        failed = true;
        files.update(item.id, { error: formatMessage(t, uploadErrorMessage(error)) });
      }
    }
    setSending(false);
    await queryClient.invalidateQueries({ queryKey: orderImagesKey(orderId) });
    if (!failed) {
      files.clear();
      setFields({});
      onClose();
    }
  };

  const set = (id: string, patch: Partial<Fields>) =>
    setFields((old) => ({ ...old, [id]: { ...fieldsOf(id), ...patch } }));

  return (
    <Modal opened={opened} onClose={close} title={t('images.addTitle')} size="lg" fullScreen={phone}>
      <Stack gap="sm">
        <Select
          label={t('images.moment')}
          data={IMAGE_MOMENTS.map((m) => ({ value: m, label: t(`images.moments.${m}`) }))}
          value={moment}
          allowDeselect={false}
          onChange={(v) => {
            const parsed = imageMomentSchema.safeParse(v);
            if (parsed.success) setMoment(parsed.data);
          }}
        />
        <ImageFilePicker onAdd={(list) => files.add(list)} disabled={sending} />
        {files.items.map((item) => {
          const f = fieldsOf(item.id);
          return (
            <PickedFileCard
              key={item.id}
              item={item}
              disabled={sending}
              onRemove={() => files.remove(item.id)}
            >
              <Group grow wrap="wrap" gap="xs">
                <Select
                  size="sm"
                  label={t('uploads.picker.category')}
                  data={IMAGE_CATEGORIES.map((c) => ({ value: c, label: t(`uploads.categories.${c}`) }))}
                  value={f.category}
                  allowDeselect={false}
                  disabled={sending || item.done}
                  onChange={(v) => {
                    const parsed = imageCategorySchema.safeParse(v);
                    if (parsed.success) set(item.id, { category: parsed.data });
                  }}
                />
                <Select
                  size="sm"
                  label={t('images.moment')}
                  data={IMAGE_MOMENTS.map((m) => ({ value: m, label: t(`images.moments.${m}`) }))}
                  value={f.moment}
                  allowDeselect={false}
                  disabled={sending || item.done}
                  onChange={(v) => {
                    const parsed = imageMomentSchema.safeParse(v);
                    if (parsed.success) set(item.id, { moment: parsed.data });
                  }}
                />
              </Group>
              <TextInput
                size="sm"
                label={t('uploads.picker.description')}
                value={f.description}
                maxLength={500}
                disabled={sending || item.done}
                onChange={(e) => set(item.id, { description: e.currentTarget.value })}
              />
            </PickedFileCard>
          );
        })}
        {!totalOk && (
          <Alert color="red" role="alert">
            {t('validation.fileTooLarge')}: {t('uploads.picker.totalTooLarge')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={sending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={sending} disabled={pending.length === 0 || !totalOk}>
            {t('uploads.picker.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
