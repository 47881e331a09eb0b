import { Badge, Textarea } from '@mantine/core';
import { IconLock, IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderForm } from '../hooks/use-service-order-form.ts';
import { FormSection } from './form-section.tsx';

/** Internal notes never leave the staff API (product.md): not in customer exports, not on the upload page. */
export function InternalNotesSection({ form }: { form: ServiceOrderForm }) {
  const { t } = useTranslation();
  return (
    <FormSection
      title={t('serviceOrders.form.internalNotesSection')}
      description={t('serviceOrders.form.internalNotesSectionHint')}
      icon={<IconNotes size={20} />}
      aside={
        <Badge
          color="grape"
          variant="light"
          radius="sm"
          leftSection={<IconLock size={12} aria-hidden="true" />}
        >
          {t('serviceOrders.form.staffOnly')}
        </Badge>
      }
    >
      <Textarea
        label={t('serviceOrders.fields.internalNotes')}
        description={t('serviceOrders.form.staffOnlyHint')}
        autosize
        minRows={3}
        maxRows={12}
        key={form.key('internalNotes')}
        {...form.getInputProps('internalNotes')}
      />
    </FormSection>
  );
}
