import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isCalendarDay } from '@service-portal/shared/zoned-days';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { formatDay } from '../../../lib/dates.ts';
import { useAddDayOff } from '../api/add-day-off.ts';
import { useDeleteDayOff } from '../api/delete-day-off.ts';
import { useDaysOff } from '../api/list-days-off.ts';

/** The technician's coming days off (holiday, course): the board greys them and refuses work on them. */
export function DaysOffCard({ technicianId, canManage }: { technicianId: string; canManage: boolean }) {
  const { t, i18n } = useTranslation();
  const days = useDaysOff(technicianId);
  const add = useAddDayOff(technicianId);
  const remove = useDeleteDayOff(technicianId);
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isCalendarDay(date)) {
      setDateError(t('technicians.daysOff.dateInvalid'));
      return;
    }
    setDateError(null);
    setFailure(null);
    add.mutate(
      { date, reason },
      {
        onSuccess: () => {
          setDate('');
          setReason('');
        },
        onError: (error) => {
          const problem = toApiFailure(error);
          if (problem.kind === 'http' && problem.status === 409) setDateError(t('technicians.daysOff.taken'));
          else setFailure(formatMessage(t, apiErrorMessage(error, 'technicians.daysOff.saveFailed')));
        },
      },
    );
  };

  return (
    <Card withBorder component="section" aria-labelledby="days-off-heading">
      <Title order={2} size="h4" id="days-off-heading" mb="sm">
        {t('technicians.daysOff.title')}
      </Title>
      <Stack gap="sm">
        {days.isPending ? (
          <Loader size="sm" role="status" aria-label={t('technicians.daysOff.loading')} />
        ) : days.isError ? (
          <Alert color="red">{formatMessage(t, apiErrorMessage(days.error, 'errors.loadData'))}</Alert>
        ) : days.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('technicians.daysOff.none')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {days.data.map((day) => (
              <Group key={day.id} component="li" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ flex: 1 }}>
                  {formatDay(day.date, i18n.language)}
                  {day.reason !== null && ` · ${day.reason}`}
                </Text>
                {canManage && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('technicians.daysOff.delete', { day: formatDay(day.date, i18n.language) })}
                    loading={remove.isPending && remove.variables === day.id}
                    onClick={() => remove.mutate(day.id)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {canManage && (
          <form onSubmit={submit} noValidate aria-label={t('technicians.daysOff.add')}>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                type="date"
                size="xs"
                label={t('technicians.daysOff.date')}
                value={date}
                error={dateError}
                onChange={(event) => setDate(event.currentTarget.value)}
                required
              />
              <TextInput
                size="xs"
                label={t('technicians.daysOff.reason')}
                value={reason}
                maxLength={200}
                onChange={(event) => setReason(event.currentTarget.value)}
              />
              <Button type="submit" size="xs" loading={add.isPending}>
                {t('technicians.daysOff.add')}
              </Button>
            </Group>
            {failure !== null && (
              <Alert color="red" role="alert" mt="xs">
                {failure}
              </Alert>
            )}
          </form>
        )}
      </Stack>
    </Card>
  );
}
