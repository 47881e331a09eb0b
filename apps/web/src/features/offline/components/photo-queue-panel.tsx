import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { compressPhoto } from '../lib/compress-photo.ts';
import { flushPhonePhotos, phonePhotoQueue, usePhotoQueue } from '../lib/phone-photos.ts';

/**
 * Take a photo for an order on the phone: compressed here, kept on the phone and uploaded one by
 * one when online (issue 28 §2), with the count of photos still waiting.
 */
export function PhotoQueuePanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const photos = usePhotoQueue().filter((p) => p.orderId === orderId);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const waiting = photos.filter((p) => p.refused === undefined).length;
  const refused = photos.filter((p) => p.refused !== undefined);

  const take = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    setBusy(true);
    setFailed(false);
    try {
      for (const file of files) {
        const blob = await compressPhoto(file);
        const name = blob === file ? file.name : file.name.replace(/\.[^.]*$/, '') + '.jpg';
        await phonePhotoQueue().add({
          orderId,
          blob,
          name: name || 'photo.jpg',
          category: 'other',
          moment: 'during_repair',
          description: '',
        });
      }
      if (navigator.onLine) void flushPhonePhotos().catch(() => undefined);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconCamera size={16} aria-hidden="true" />}
          loading={busy}
          onClick={() => input.current?.click()}
        >
          {t('photoQueue.take')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          data-testid="photo-queue-input"
          onChange={(e) => void take(e)}
        />
        {waiting > 0 && (
          <Badge color="orange" variant="light" role="status">
            {t('photoQueue.waiting', { count: waiting })}
          </Badge>
        )}
      </Group>
      {failed && (
        <Text c="red" size="sm" role="alert">
          {t('photoQueue.failed')}
        </Text>
      )}
      {refused.map((p) => (
        <Group key={p.id} gap="xs" wrap="wrap">
          <Text size="sm" c="red">
            {t('photoQueue.refused', { name: p.name, reason: p.refused?.message ?? '' })}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void phonePhotoQueue().retry(p.id)}>
            {t('photoQueue.retry')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => void phonePhotoQueue().discard(p.id)}
          >
            {t('photoQueue.discard')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
