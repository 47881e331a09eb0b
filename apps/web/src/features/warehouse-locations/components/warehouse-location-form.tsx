import { Checkbox, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { WAREHOUSE_MESSAGES, warehouseLocationInputSchema } from '@service-portal/shared/warehouse-locations';
import type { WarehouseLocation } from '@service-portal/shared/warehouse-locations';
import { FormActions } from '../../../components/form-actions.tsx';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSaveWarehouseLocation } from '../api/save-warehouse-location.ts';

/** The shared schema's English messages, as this screen's translation keys. */
const MESSAGE_KEYS = {
  [WAREHOUSE_MESSAGES.nameRequired]: 'warehouse.validation.nameRequired',
  [WAREHOUSE_MESSAGES.nameTooShort]: 'validation.warehouseNameMin',
  [WAREHOUSE_MESSAGES.descriptionRequired]: 'warehouse.validation.descriptionRequired',
  [WAREHOUSE_MESSAGES.descriptionTooShort]: 'validation.warehouseDescriptionMin',
} as const;

function translate(t: TFunction, message: string): string {
  const key = (MESSAGE_KEYS as Partial<Record<string, TranslationKey>>)[message];
  return key === undefined ? t('validation.invalidValue') : t(key);
}

interface Props {
  /** The location edited, or null to create one. */
  location: WarehouseLocation | null;
  opened: boolean;
  onClose: () => void;
}

export function WarehouseLocationFormModal({ location, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={location === null ? t('warehouse.createTitle') : t('warehouse.editTitle')}
    >
      {opened && <WarehouseLocationForm key={location?.id ?? 'new'} location={location} onDone={onClose} />}
    </Modal>
  );
}

function WarehouseLocationForm({
  location,
  onDone,
}: {
  location: WarehouseLocation | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveWarehouseLocation();
  const form = useSchemaForm({
    initialValues: {
      name: location?.name ?? '',
      description: location?.description ?? '',
      isActive: location?.isActive ?? true,
    },
    schema: warehouseLocationInputSchema,
    fallback: 'warehouse.saveFailed',
    subject: 'warehouseLocation',
    translate,
  });

  const submit = form.submit((_payload, draft) =>
    save.mutate(
      { ...(location ? { id: location.id, version: location.version } : {}), draft },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t(location ? 'success.warehouseLocationUpdated' : 'success.warehouseLocationCreated'),
          });
          onDone();
        },
        onError: form.fail,
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput label={t('warehouse.fields.name')} required {...form.getInputProps('name')} />
        <Textarea
          label={t('warehouse.fields.description')}
          required
          autosize
          minRows={3}
          {...form.getInputProps('description')}
        />
        <Checkbox
          label={t('warehouse.fields.active')}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <FormActions
          failure={form.failure}
          submitLabel={t('warehouse.save')}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
