import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { isTimeOfDay } from '@service-portal/shared/technicians';
import type { TechnicianWorkingHours, WorkingHours } from '@service-portal/shared/technicians';
import { apiErrorMessage, formatMessage, problemMessage } from '../../../lib/api-errors.ts';
import { useWorkingHours } from '../api/get-working-hours.ts';
import { useUpdateWorkingHours } from '../api/update-working-hours.ts';

/** Monday..Sunday in the reader's language (2024-01-01 was a Monday). */
function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

type Row = { works: boolean; start: string; end: string };

/**
 * The technician's hours per weekday (issue 25: the board's capacity). Managers edit them; a
 * weekday left unticked is not worked.
 */
export function WorkingHoursCard({ technicianId, canManage }: { technicianId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const hours = useWorkingHours(technicianId);
  return (
    <Card withBorder component="section" aria-labelledby="working-hours-heading">
      <Title order={2} size="h4" id="working-hours-heading" mb="sm">
        {t('technicians.workingHours.title')}
      </Title>
      {hours.isPending ? (
        <Loader size="sm" role="status" aria-label={t('technicians.workingHours.loading')} />
      ) : hours.isError ? (
        <Alert color="red">{formatMessage(t, apiErrorMessage(hours.error, 'errors.loadData'))}</Alert>
      ) : (
        <WorkingHoursForm key={hours.data.version} saved={hours.data} canManage={canManage} />
      )}
    </Card>
  );
}

function WorkingHoursForm({ saved, canManage }: { saved: TechnicianWorkingHours; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const names = weekdayNames(i18n.language);
  const update = useUpdateWorkingHours();
  const [rows, setRows] = useState<Row[]>(() =>
    saved.workingHours.map((day) => ({
      works: day !== null,
      start: day?.start ?? '08:00',
      end: day?.end ?? '16:00',
    })),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const errors = rows.map((row) => {
    if (!row.works) return null;
    if (!isTimeOfDay(row.start) || !isTimeOfDay(row.end)) return t('technicians.workingHours.timeInvalid');
    return row.end > row.start ? null : t('technicians.workingHours.endAfterStart');
  });
  const set = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (errors.some((e) => e !== null)) return;
    setFailure(null);
    const workingHours = rows.map((row) =>
      row.works ? { start: row.start, end: row.end } : null,
    ) as WorkingHours;
    update.mutate(
      { id: saved.technicianId, workingHours, version: saved.version },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('technicians.workingHours.saved') }),
        onError: (error) =>
          setFailure(
            formatMessage(t, problemMessage(error, 'technicians.workingHours.saveFailed', 'technician')),
          ),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label={t('technicians.workingHours.title')}>
      <Stack gap={6}>
        {rows.map((row, index) => (
          <Group key={names[index]} gap="xs" wrap="wrap" align="flex-start">
            <Checkbox
              w={140}
              mt={6}
              label={names[index]}
              checked={row.works}
              disabled={!canManage}
              onChange={(event) => set(index, { works: event.currentTarget.checked })}
            />
            {row.works ? (
              <>
                <TextInput
                  type="time"
                  size="xs"
                  w={110}
                  aria-label={t('technicians.workingHours.start', { day: names[index] })}
                  value={row.start}
                  readOnly={!canManage}
                  onChange={(event) => set(index, { start: event.currentTarget.value })}
                />
                <TextInput
                  type="time"
                  size="xs"
                  w={110}
                  aria-label={t('technicians.workingHours.end', { day: names[index] })}
                  value={row.end}
                  readOnly={!canManage}
                  error={errors[index]}
                  onChange={(event) => set(index, { end: event.currentTarget.value })}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed" mt={6}>
                {t('technicians.workingHours.off')}
              </Text>
            )}
          </Group>
        ))}
        {failure !== null && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {canManage && (
          <Group>
            <Button type="submit" size="sm" loading={update.isPending}>
              {t('technicians.workingHours.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
