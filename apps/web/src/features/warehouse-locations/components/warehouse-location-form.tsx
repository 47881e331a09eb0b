import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { WAREHOUSE_MESSAGES, warehouseLocationInputSchema } from '@service-portal/shared/warehouse-locations';
import type { WarehouseLocation } from '@service-portal/shared/warehouse-locations';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { problemErrors, schemaErrors } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { useSaveWarehouseLocation } from '../api/save-warehouse-location.ts';

/** The shared schema's English messages, as this screen's translation keys. */
const MESSAGE_KEYS = {
  [WAREHOUSE_MESSAGES.nameRequired]: 'warehouse.validation.nameRequired',
  [WAREHOUSE_MESSAGES.nameTooShort]: 'validation.warehouseNameMin',
  [WAREHOUSE_MESSAGES.descriptionRequired]: 'warehouse.validation.descriptionRequired',
  [WAREHOUSE_MESSAGES.descriptionTooShort]: 'validation.warehouseDescriptionMin',
  [WAREHOUSE_MESSAGES.nameTaken]: 'warehouse.validation.nameTaken',
} as const;

function translate(t: TFunction, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
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
  const [name, setName] = useState(location?.name ?? '');
  const [description, setDescription] = useState(location?.description ?? '');
  const [isActive, setIsActive] = useState(location?.isActive ?? true);
  const [errors, setErrors] = useState<FormErrorMap>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveWarehouseLocation();

  const submit = () => {
    const draft = { name, description, isActive };
    const found = schemaErrors(warehouseLocationInputSchema, draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
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
        onError: (error) => {
          const api = toApiFailure(error);
          if (api.kind === 'http' && api.status === 400 && api.problem?.errors?.length) {
            setErrors(problemErrors(api.problem.errors));
            return;
          }
          if (api.kind === 'http' && api.status === 409) {
            if (api.problem?.code === 'version_conflict') {
              setFailure(t('warehouse.versionConflict'));
              return;
            }
            setErrors({ name: WAREHOUSE_MESSAGES.nameTaken });
            return;
          }
          setFailure(formatMessage(t, apiErrorMessage(error, 'warehouse.saveFailed')));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label={t('warehouse.fields.name')}
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={translate(t, errors.name)}
        />
        <Textarea
          label={t('warehouse.fields.description')}
          required
          autosize
          minRows={3}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={translate(t, errors.description)}
        />
        <Checkbox
          label={t('warehouse.fields.active')}
          checked={isActive}
          onChange={(event) => setIsActive(event.currentTarget.checked)}
        />
        {failure !== null && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>
            {failure}
          </div>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('warehouse.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
