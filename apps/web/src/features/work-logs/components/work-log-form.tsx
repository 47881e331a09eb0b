import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WORK_LOG_CATEGORIES } from '@service-portal/shared/pricing';
import type { WorkLogCategory } from '@service-portal/shared/pricing';
import { WORK_LOG_LIMITS, workLogCreateSchema } from '@service-portal/shared/work-logs';
import { schemaErrors } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import { translateWorkLogError } from './work-log-format.ts';

export interface WorkLogFormValues {
  category: WorkLogCategory;
  description: string | null;
  notes: string | null;
  manualMinutes: number | null;
}

interface Draft {
  category: WorkLogCategory | '';
  description: string;
  notes: string;
  manualMinutes: string;
}

/** Add or edit a work log. `onSubmit` gets the validated values; `startTimer` when that button was used. */
export function WorkLogForm({
  initial,
  submitLabel,
  busy,
  offerStart = false,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  initial?: WorkLogFormValues;
  submitLabel: string;
  busy: boolean;
  offerStart?: boolean;
  serverErrors?: FormErrorMap;
  onSubmit: (values: WorkLogFormValues, startTimer: boolean) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({
    category: initial?.category ?? '',
    description: initial?.description ?? '',
    notes: initial?.notes ?? '',
    manualMinutes:
      initial?.manualMinutes === null || initial === undefined ? '' : String(initial.manualMinutes),
  });
  const [errors, setErrors] = useState<FormErrorMap>({});
  const shown = { ...serverErrors, ...errors };

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = (startTimer: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    const minutes = draft.manualMinutes.trim();
    const payload = {
      category: draft.category === '' ? undefined : draft.category,
      description: draft.description,
      notes: draft.notes,
      manualMinutes: minutes === '' ? null : /^\d+$/.test(minutes) ? Number(minutes) : Number.NaN,
    };
    const found = schemaErrors(workLogCreateSchema, payload);
    setErrors(found);
    const parsed = workLogCreateSchema.safeParse(payload);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    const { category, description, notes, manualMinutes } = parsed.data;
    onSubmit({ category, description, notes, manualMinutes }, startTimer);
  };

  const error = (field: keyof Draft) =>
    shown[field] === undefined ? undefined : translateWorkLogError(t, shown[field]);

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
          value={draft.category}
          onChange={(e) => set('category', e.currentTarget.value as WorkLogCategory | '')}
          error={error('category')}
        />
        <TextInput
          label={t('workLogs.fields.description')}
          maxLength={WORK_LOG_LIMITS.descriptionMax}
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={error('description')}
        />
        <Textarea
          label={t('workLogs.fields.notes')}
          autosize
          minRows={2}
          maxLength={WORK_LOG_LIMITS.notesMax}
          value={draft.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={error('notes')}
        />
        <TextInput
          label={t('workLogs.fields.manualMinutes')}
          description={t('workLogs.fields.manualHint')}
          inputMode="numeric"
          value={draft.manualMinutes}
          onChange={(e) => set('manualMinutes', e.currentTarget.value)}
          error={error('manualMinutes')}
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
