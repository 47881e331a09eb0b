import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image as MantineImage,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconPhotoPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_CATEGORIES, type Image } from '@service-portal/shared/images';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useDeleteImage } from '../api/delete-image.ts';
import { useImages } from '../api/list-images.ts';
import { AddImagesModal } from './add-images-modal.tsx';

/** The order's photos (spec §7 Images): thumbnails, a category filter, a viewer, delete, add. */
export function ImageGallery({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const images = useImages(orderId);
  const [category, setCategory] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const all = images.data ?? [];
  const shown = category ? all.filter((i) => i.category === category) : all;
  const openIndex = shown.findIndex((i) => i.id === openId);

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="order-photos">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4" id="order-photos">
              {t('images.title')}
            </Title>
            {images.data && (
              <Badge variant="light" color="gray">
                {t('images.count', { count: all.length })}
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="wrap">
            <Select
              size="xs"
              w={180}
              aria-label={t('images.filter')}
              data={[
                { value: '', label: t('images.filterAll') },
                ...IMAGE_CATEGORIES.map((c) => ({ value: c, label: t(`uploads.categories.${c}`) })),
              ]}
              value={category ?? ''}
              allowDeselect={false}
              onChange={(v) => setCategory(v ? v : null)}
            />
            <Button
              size="xs"
              leftSection={<IconPhotoPlus size={16} aria-hidden="true" />}
              onClick={() => setAdding(true)}
            >
              {t('images.add')}
            </Button>
          </Group>
        </Group>
        {images.isPending ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : images.isError ? (
          <LoadErrorAlert message={t('images.loadFailed')} onRetry={() => void images.refetch()} />
        ) : shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            {all.length === 0 ? t('images.empty') : t('images.emptyFiltered')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs">
            {shown.map((image, index) => (
              <UnstyledButton
                key={image.id}
                onClick={() => setOpenId(image.id)}
                aria-label={t('images.open', {
                  index: index + 1,
                  category: t(`uploads.categories.${image.category}`),
                })}
                style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', aspectRatio: '1 / 1' }}
              >
                <MantineImage src={image.thumbnailUrl} alt="" loading="lazy" h="100%" w="100%" fit="cover" />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {openIndex >= 0 && (
        <ImageViewer
          orderId={orderId}
          image={shown[openIndex]!}
          onClose={() => setOpenId(null)}
          onPrevious={openIndex > 0 ? () => setOpenId(shown[openIndex - 1]!.id) : undefined}
          onNext={openIndex < shown.length - 1 ? () => setOpenId(shown[openIndex + 1]!.id) : undefined}
        />
      )}
      <AddImagesModal orderId={orderId} opened={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}

function ImageViewer({
  orderId,
  image,
  onClose,
  onPrevious,
  onNext,
}: {
  orderId: string;
  image: Image;
  onClose: () => void;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const remove = useDeleteImage();
  const [confirming, setConfirming] = useState(false);
  const time = formatDateTime(image.createdAt, i18n.language);
  return (
    <Modal opened onClose={onClose} title={t('images.viewer')} size="xl" fullScreen={phone}>
      <Stack gap="sm">
        <MantineImage
          src={image.displayUrl}
          alt={image.description ?? t(`uploads.categories.${image.category}`)}
          mah="65dvh"
          fit="contain"
        />
        <Group justify="space-between" wrap="nowrap">
          <ActionIcon
            variant="default"
            onClick={onPrevious}
            disabled={!onPrevious}
            aria-label={t('images.previous')}
          >
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Group gap={6} justify="center" wrap="wrap">
            <Badge variant="light">{t(`uploads.categories.${image.category}`)}</Badge>
            {image.moment && <Badge variant="outline">{t(`images.moments.${image.moment}`)}</Badge>}
            {image.source === 'customer' && (
              <Badge variant="light" color="grape">
                {t('images.fromCustomer')}
              </Badge>
            )}
          </Group>
          <ActionIcon variant="default" onClick={onNext} disabled={!onNext} aria-label={t('images.next')}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
        <Text>
          {image.description ?? (
            <Text span c="dimmed">
              {t('images.noDescription')}
            </Text>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {image.uploadedBy
            ? t('images.uploadedBy', { name: image.uploadedBy.name, time })
            : t('images.uploadedByCustomer', { time })}
        </Text>
        {remove.isError && (
          <Alert color="red" role="alert">
            {formatMessage(t, apiErrorMessage(remove.error, 'images.deleteFailed'))}
          </Alert>
        )}
        {confirming ? (
          <Alert color="red" title={t('images.deleteConfirm')}>
            <Group gap="xs" mt="xs">
              <Button
                color="red"
                size="xs"
                loading={remove.isPending}
                onClick={() => remove.mutate({ orderId, imageId: image.id }, { onSuccess: () => onClose() })}
              >
                {t('images.delete')}
              </Button>
              <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group justify="space-between" wrap="wrap">
            <Anchor href={image.originalUrl} download={image.originalName} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconDownload size={16} aria-hidden="true" />
                {t('images.downloadOriginal')}
              </Group>
            </Anchor>
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setConfirming(true)}
            >
              {t('images.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
