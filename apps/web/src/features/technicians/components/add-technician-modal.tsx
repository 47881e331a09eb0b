import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useCreateTechnician } from '../api/create-technician.ts';
import { EMPTY_TECHNICIAN, TechnicianForm } from './technician-form.tsx';

export function AddTechnicianModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('technicians.addTitle')} size="lg">
      {opened && <AddTechnicianForm onDone={onClose} />}
    </Modal>
  );
}

function AddTechnicianForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateTechnician();
  return (
    <TechnicianForm
      initial={EMPTY_TECHNICIAN}
      submitLabel={t('technicians.create')}
      pending={create.isPending}
      failureKey="errors.createTechnician"
      onCancel={onDone}
      onSave={(values, onError) =>
        create.mutate(values, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('success.technicianCreated') });
            onDone();
          },
          onError,
        })
      }
    />
  );
}
