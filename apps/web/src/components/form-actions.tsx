import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProblemOutcome } from '../lib/form-errors.ts';
import { FormFailure } from './form-failure.tsx';

interface FormActionsProps {
  /** The last failed save (`useSchemaForm`'s `failure`), shown above the buttons. */
  failure: ProblemOutcome | null;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  onReload?: () => void;
  reloadLabel?: string;
  withFieldFailures?: boolean;
}

/** The foot of a modal or inline form: why the last save failed, then Cancel and the submit button. */
export function FormActions({ failure, submitLabel, pending, onCancel, ...failureProps }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormFailure failure={failure} {...failureProps} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
