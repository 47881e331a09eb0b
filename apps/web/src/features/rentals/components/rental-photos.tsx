import {
  Anchor,
  Badge,
  Group,
  Image as MantineImage,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Rental } from '@service-portal/shared/rentals';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useRentalPhotos } from '../api/list-rental-photos.ts';

/** The photos taken of a rental's unit at its return: thumbnails that open the full picture. */
export function RentalPhotosModal({ rental, onClose }: { rental: Rental | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const photos = useRentalPhotos(rental?.id ?? null);
  const list = photos.data ?? [];
  return (
    <Modal
      opened={rental !== null}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      title={rental ? t('rentals.photos.title', { unit: rental.unitName }) : ''}
    >
      <Stack gap="sm" data-testid="rental-photos">
        {photos.isPending ? (
          <Loader size="sm" aria-label={t('rentals.loading')} />
        ) : photos.isError ? (
          <LoadErrorAlert message={t('rentals.photos.loadFailed')} onRetry={() => void photos.refetch()} />
        ) : list.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('rentals.photos.empty')}
          </Text>
        ) : (
          <>
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {t('rentals.photos.count', { count: list.length })}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
              {list.map((photo, index) => (
                <Stack key={photo.id} gap={2}>
                  <Anchor
                    href={photo.displayUrl}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('rentals.photos.open', { index: index + 1 })}
                    style={{ display: 'block', aspectRatio: '1 / 1', overflow: 'hidden', borderRadius: 4 }}
                  >
                    <MantineImage
                      src={photo.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      h="100%"
                      w="100%"
                      fit="cover"
                    />
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(photo.createdAt, i18n.language)}
                  </Text>
                  {photo.description && <Text size="xs">{photo.description}</Text>}
                  <Anchor size="xs" href={photo.originalUrl} download={photo.originalName}>
                    {t('rentals.photos.download')}
                  </Anchor>
                </Stack>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Modal>
  );
}
