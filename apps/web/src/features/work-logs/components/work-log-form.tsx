import { Button, Checkbox, Group, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WORK_LOG_CATEGORIES } from '@service-portal/shared/pricing';
import type { WorkLogCategory } from '@service-portal/shared/pricing';
import { WORK_LOG_LIMITS, workLogCreateSchema } from '@service-portal/shared/work-logs';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { translateWorkLogError } from './work-log-format.ts';

export interface WorkLogFormValues {
  category: WorkLogCategory;
  description: string | null;
  notes: string | null;
  manualMinutes: number | null;
  technicianId: string | null;
  billable: boolean;
}

/** A technician to name on a log: the route passes the partner's active ones (features stay apart). */
export interface TechnicianOption {
  value: string;
  label: string;
}

interface Draft extends Record<string, unknown> {
  category: WorkLogCategory | '';
  description: string;
  notes: string;
  manualMinutes: string;
  technicianId: string;
  billable: boolean;
}

function toPayload(draft: Draft) {
  const minutes = draft.manualMinutes.trim();
  return {
    category: draft.category === '' ? undefined : draft.category,
    description: draft.description,
    notes: draft.notes,
    manualMinutes: minutes === '' ? null : /^\d+$/.test(minutes) ? Number(minutes) : Number.NaN,
    technicianId: draft.technicianId === '' ? null : draft.technicianId,
    billable: draft.billable,
  };
}

/**
 * Add or edit a work log. `onSubmit` gets the validated values (`startTimer` when that button was
 * used) and a callback for a refused save, which puts the server's field errors on the form.
 */
export function WorkLogForm({
  initial,
  submitLabel,
  busy,
  offerStart = false,
  technicians = [],
  onSubmit,
  onCancel,
}: {
  initial?: WorkLogFormValues & { technicianName?: string | null };
  submitLabel: string;
  busy: boolean;
  offerStart?: boolean;
  technicians?: readonly TechnicianOption[];
  onSubmit: (values: WorkLogFormValues, startTimer: boolean, onError: (error: unknown) => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm({
    initialValues: {
      category: initial?.category ?? '',
      description: initial?.description ?? '',
      notes: initial?.notes ?? '',
      manualMinutes:
        initial?.manualMinutes === null || initial === undefined ? '' : String(initial.manualMinutes),
      technicianId: initial?.technicianId ?? '',
      billable: initial?.billable ?? true,
    },
    schema: workLogCreateSchema,
    toPayload,
    fallback: 'workLogs.saveFailed',
    translate: translateWorkLogError,
  });
  const submit = (startTimer: boolean) =>
    form.submit(({ category, description, notes, manualMinutes, technicianId, billable }) =>
      onSubmit(
        { category, description, notes, manualMinutes, technicianId, billable },
        startTimer,
        form.fail,
      ),
    );
  // A technician named on the log but no longer active still shows as chosen.
  const technicianOptions =
    initial?.technicianId && !technicians.some((o) => o.value === initial.technicianId)
      ? [...technicians, { value: initial.technicianId, label: initial.technicianName ?? '—' }]
      : technicians;

  return (
    <form onSubmit={submit(false)} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <NativeSelect
          label={t('workLogs.fields.category')}
          required
          data={[
            { value: '', label: '—' },
            ...WORK_LOG_CATEGORIES.map((c) => ({ value: c, label: t(`workLogs.categories.${c}`) })),
          ]}
          {...form.getInputProps('category')}
        />
        <TextInput
          label={t('workLogs.fields.description')}
          maxLength={WORK_LOG_LIMITS.descriptionMax}
          {...form.getInputProps('description')}
        />
        <Textarea
          label={t('workLogs.fields.notes')}
          autosize
          minRows={2}
          maxLength={WORK_LOG_LIMITS.notesMax}
          {...form.getInputProps('notes')}
        />
        <TextInput
          label={t('workLogs.fields.manualMinutes')}
          description={t('workLogs.fields.manualHint')}
          inputMode="numeric"
          {...form.getInputProps('manualMinutes')}
        />
        <NativeSelect
          label={t('workLogs.fields.technician')}
          description={t('workLogs.fields.technicianHint')}
          data={[
            { value: '', label: t('workLogs.fields.noTechnician') },
            ...technicianOptions.map((o) => ({ value: o.value, label: o.label })),
          ]}
          {...form.getInputProps('technicianId')}
        />
        <Checkbox
          label={t('workLogs.fields.billable')}
          {...form.getInputProps('billable', { type: 'checkbox' })}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          {offerStart && (
            <Button variant="light" color="green" disabled={busy} onClick={() => submit(true)()}>
              {t('workLogs.addAndStart')}
            </Button>
          )}
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('workLogs.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
