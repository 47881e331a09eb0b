import { useState } from 'react';
import { Alert, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  RENTAL_CONDITIONS,
  rentalCharge,
  rentalReturnSchema,
  type Rental,
} from '@service-portal/shared/rentals';
import { fitsTotal } from '@service-portal/shared/images';
import { FormActions } from '../../../components/form-actions.tsx';
import { ImageFilePicker, PickedFileCard, usePickedFiles } from '../../../components/image-file-picker.tsx';
import { formatMessage, uploadErrorMessage } from '../../../lib/api-errors.ts';
import { catalogueError, type FormErrorMap } from '../../../lib/form-errors.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { rentalPhotosKey } from '../api/keys.ts';
import { useReturnRental } from '../api/return-rental.ts';
import { uploadRentalPhoto } from '../api/upload-rental-photo.ts';
import { translateRentalError } from './rental-product-form.tsx';
import { ChargeLines } from './charge-lines.tsx';
import { isCalendarDay } from '@service-portal/shared/zoned-days';

type ReturnPayload = z.output<typeof rentalReturnSchema>;

interface Props {
  rental: Rental | null;
  /** The partner's today (YYYY-MM-DD). */
  today: string;
  onClose: () => void;
}

/**
 * The unit comes back: condition, notes, optional photos, and the charges (late fee included)
 * before confirming. The photos are sent first, one request each; the return is confirmed only
 * when all arrived, and a retry sends only the ones that did not.
 */
export function ReturnDialog({ rental, today, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={rental !== null} onClose={onClose} title={t('rentals.return.title')} size="lg">
      {rental && <ReturnForm key={rental.id} rental={rental} today={today} onClose={onClose} />}
    </Modal>
  );
}

function ReturnForm({ rental, today, onClose }: { rental: Rental; today: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const send = useReturnRental();
  const queryClient = useQueryClient();
  const photos = usePickedFiles();
  const [uploading, setUploading] = useState(false);
  const [photoFailure, setPhotoFailure] = useState(false);
  const pendingPhotos = photos.items.filter((i) => !i.done);
  const photosFit = fitsTotal(pendingPhotos.map((i) => i.file.size));
  const form = useSchemaForm({
    initialValues: { returnedDate: today, condition: 'good', notes: '' },
    schema: rentalReturnSchema,
    toPayload: (v) => ({ ...v, version: rental.version }),
    check: (v) => {
      const errors: FormErrorMap = {};
      if (isCalendarDay(v.returnedDate) && v.returnedDate > today)
        errors.returnedDate = catalogueError('rentals.validation.returnInFuture');
      if (isCalendarDay(v.returnedDate) && v.returnedDate < rental.startDate)
        errors.returnedDate = catalogueError('rentals.validation.returnBeforeStart');
      return errors;
    },
    fallback: 'rentals.return.failed',
    subject: 'rental',
    translate: translateRentalError,
  });
  const values = form.getValues();
  const day =
    isCalendarDay(values.returnedDate) && values.returnedDate >= rental.startDate
      ? values.returnedDate
      : today;
  // The same rule the server applies when the return is confirmed.
  const charge = rentalCharge({
    pickup: rental.startDate,
    returned: day,
    due: rental.dueDate,
    dailyMinor: rental.dailyRate,
    weeklyMinor: rental.weeklyRate,
    lateFeePerDayMinor: rental.lateFeePerDay,
    timeZone: 'UTC',
  });
  const money = (minor: number) => formatMoney(minor, rental.currency, lang);

  /** Sends the photos not sent yet; true when every one arrived. */
  const sendPhotos = async (): Promise<boolean> => {
    if (pendingPhotos.length === 0) return true;
    setUploading(true);
    setPhotoFailure(false);
    let ok = true;
    for (const item of pendingPhotos) {
      photos.update(item.id, { progress: 0, error: null });
      try {
        await uploadRentalPhoto({
          rentalId: rental.id,
          file: item.file,
          onProgress: (progress) => photos.update(item.id, { progress }),
        });
        photos.update(item.id, { progress: 100, done: true });
      } catch (error) {
        ok = false;
        photos.update(item.id, { error: formatMessage(t, uploadErrorMessage(error)) });
      }
    }
    setUploading(false);
    await queryClient.invalidateQueries({ queryKey: rentalPhotosKey(rental.id) });
    if (!ok) setPhotoFailure(true);
    return ok;
  };

  const confirm = async (body: ReturnPayload) => {
    if (!photosFit || !(await sendPhotos())) return;
    send.mutate(
      {
        id: rental.id,
        returnedDate: body.returnedDate ?? today,
        condition: body.condition,
        notes: body.notes ?? '',
        version: rental.version,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('rentals.return.done') });
          onClose();
        },
        onError: form.fail,
      },
    );
  };
  const submit = form.submit((body) => void confirm(body));

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <Text>
          {t('rentals.return.summary', {
            unit: `${rental.unitName} (${rental.serialNumber})`,
            customer: rental.customerName,
            start: formatDay(rental.startDate, lang),
            due: formatDay(rental.dueDate, lang),
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('rentals.fields.returnedDate')}
            type="date"
            required
            {...form.getInputProps('returnedDate')}
          />
          <Select
            label={t('rentals.fields.returnCondition')}
            required
            allowDeselect={false}
            data={RENTAL_CONDITIONS.map((c) => ({ value: c, label: t(`rentals.condition.${c}`) }))}
            {...form.getInputProps('condition')}
          />
        </SimpleGrid>
        <Textarea
          label={t('rentals.fields.returnNotes')}
          autosize
          minRows={2}
          {...form.getInputProps('notes')}
        />
        <Stack gap="xs" component="section" aria-labelledby="return-photos">
          <Text fw={600} id="return-photos">
            {t('rentals.photos.returnTitle')}
          </Text>
          <ImageFilePicker onAdd={(list) => photos.add(list)} disabled={uploading} />
          {photos.items.map((item) => (
            <PickedFileCard
              key={item.id}
              item={item}
              disabled={uploading}
              onRemove={() => photos.remove(item.id)}
            />
          ))}
          {!photosFit && (
            <Alert color="red" role="alert">
              {t('rentals.photos.totalTooLarge')}
            </Alert>
          )}
          {photoFailure && (
            <Alert color="red" role="alert" data-testid="return-photos-failed">
              {t('rentals.photos.uploadFailed')}
            </Alert>
          )}
        </Stack>
        <Stack gap={4} data-testid="return-charges" aria-live="polite">
          <Text fw={600}>{t('rentals.return.charges')}</Text>
          <Text size="sm">{t('rentals.return.days', { count: charge.days })}</Text>
          <ChargeLines
            charge={charge}
            omitLate
            currency={rental.currency}
            rates={{
              dailyMinor: rental.dailyRate,
              weeklyMinor: rental.weeklyRate,
              lateFeePerDayMinor: rental.lateFeePerDay,
            }}
          />
          {charge.lateDays > 0 ? (
            <Alert color="red" variant="light" p="xs" data-testid="late-fee">
              {t('rentals.return.lateFee', {
                count: charge.lateDays,
                fee: money(rental.lateFeePerDay),
                total: money(charge.lateFeeMinor),
              })}
            </Alert>
          ) : (
            <Text size="sm">{t('rentals.return.onTime')}</Text>
          )}
          <Text fw={700} data-testid="return-total">
            {t('rentals.return.total', { total: money(charge.totalMinor) })}
          </Text>
          {rental.deposit > 0 && (
            <Text size="sm">{t('rentals.return.deposit', { deposit: money(rental.deposit) })}</Text>
          )}
        </Stack>
        <FormActions
          failure={form.failure}
          submitLabel={t('rentals.return.confirm')}
          pending={send.isPending || uploading}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
