import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScheduleCard } from '@service-portal/shared/schedule';
import { isCalendarDay } from '@service-portal/shared/zoned-days';
import { formatMessage } from '../../../lib/api-errors.ts';
import { conflictMessage, scheduleErrorMessage } from '../lib/messages.ts';
import { serverCardOf } from '../api/optimistic.ts';
import type { UiMessage } from '../../../lib/api-errors.ts';
import { useAssignOrder } from '../api/assign-order.ts';
import { useUnscheduleOrder } from '../api/unschedule-order.ts';
import { formatDuration } from '../lib/format.ts';

export interface TechnicianChoice {
  id: string;
  fullName: string;
  isActive: boolean;
}

export interface ScheduleDialogProps {
  /** The order to schedule; null: closed. */
  card: ScheduleCard | null;
  technicians: readonly TechnicianChoice[];
  /** The partner's today: the date offered for an order without one. */
  today: string;
  onClose: () => void;
  /** After the server accepted: the updated card (for "Tell the customer"). */
  onScheduled?: (card: ScheduleCard) => void;
  onUnscheduled?: (card: ScheduleCard) => void;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The keyboard and touch path of the board (and the order page's "Schedule…"): technician, date and
 * start time, with the duration the day will count. The server decides; its refusal shows here.
 */
export function ScheduleDialog(props: ScheduleDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.card !== null} onClose={props.onClose} title={t('schedule.dialog.title')} centered>
      {props.card !== null && (
        <ScheduleForm key={`${props.card.id}:${props.card.version}`} {...props} card={props.card} />
      )}
    </Modal>
  );
}

function ScheduleForm({
  card: given,
  technicians,
  today,
  onClose,
  onScheduled,
  onUnscheduled,
}: ScheduleDialogProps & { card: ScheduleCard }) {
  const { t, i18n } = useTranslation();
  // The order as last known: a version conflict hands over the server's, so a retry can succeed.
  const [card, setCard] = useState(given);
  const assign = useAssignOrder();
  const unschedule = useUnscheduleOrder();
  const [technicianId, setTechnicianId] = useState(card.technicianId ?? '');
  const [date, setDate] = useState(card.date ?? today);
  const [start, setStart] = useState(card.start ?? '');
  const [errors, setErrors] = useState<{ technician?: string; date?: string; start?: string }>({});
  const [failure, setFailure] = useState<UiMessage | null>(null);
  const pending = assign.isPending || unschedule.isPending;

  const refused = (error: unknown) => {
    const now = serverCardOf(error);
    if (now === null) {
      setFailure(scheduleErrorMessage(error));
      return;
    }
    const names = new Map(technicians.map((tech) => [tech.id, tech.fullName]));
    setFailure({ text: conflictMessage(t, now, (id) => names.get(id) ?? '', i18n.language) });
    setCard(now);
    setTechnicianId(now.technicianId ?? '');
    setDate(now.date ?? today);
    setStart(now.start ?? '');
  };

  const choices = technicians.filter((tech) => tech.isActive || tech.id === card.technicianId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (technicianId === '') found.technician = t('schedule.dialog.technicianRequired');
    if (!isCalendarDay(date)) found.date = t('schedule.dialog.dateInvalid');
    if (start !== '' && !TIME.test(start)) found.start = t('schedule.dialog.startInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    assign.mutate(
      { card, target: { technicianId, date, start: start === '' ? null : start } },
      {
        onSuccess: ({ card: updated }) => {
          onScheduled?.(updated);
          onClose();
        },
        onError: refused,
      },
    );
  };

  const remove = () => {
    setFailure(null);
    unschedule.mutate(card, {
      onSuccess: () => {
        onUnscheduled?.(card);
        onClose();
      },
      onError: refused,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('schedule.dialog.title')}>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {card.orderNumber} · {card.title}
        </Text>
        <NativeSelect
          label={t('schedule.dialog.technician')}
          value={technicianId}
          onChange={(event) => setTechnicianId(event.currentTarget.value)}
          error={errors.technician}
          required
          data={[
            { value: '', label: t('schedule.dialog.chooseTechnician') },
            ...choices.map((tech) => ({ value: tech.id, label: tech.fullName })),
          ]}
        />
        <TextInput
          type="date"
          label={t('schedule.dialog.date')}
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={errors.date}
          required
        />
        <TextInput
          type="time"
          label={t('schedule.dialog.start')}
          description={t('schedule.dialog.startHint')}
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
          error={errors.start}
        />
        {card.durationMinutes === null ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={t('schedule.dialog.noDuration')}
          >
            {t('schedule.dialog.noDurationHint')}
          </Alert>
        ) : (
          <Text size="sm">
            {t(card.durationIsDefault ? 'schedule.dialog.durationDefault' : 'schedule.dialog.duration', {
              duration: formatDuration(t, card.durationMinutes),
            })}
          </Text>
        )}
        {failure !== null && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
            {formatMessage(t, failure)}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          {card.date !== null ? (
            <Button
              variant="subtle"
              color="red"
              onClick={remove}
              loading={unschedule.isPending}
              disabled={pending}
            >
              {t('schedule.dialog.unschedule')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={assign.isPending}
              disabled={pending || card.durationMinutes === null}
            >
              {t('schedule.dialog.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
