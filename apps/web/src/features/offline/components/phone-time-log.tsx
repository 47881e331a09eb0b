import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, List, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates.ts';
import { enqueueChange, useOutbox } from '../lib/phone-outbox.ts';
import {
  clearPhoneTimer,
  queuedWorkLogs,
  readPhoneTimer,
  startPhoneTimer,
  timerMinutes,
  workLogOp,
} from '../lib/phone-work-log.ts';
import type { PhoneTimer } from '../lib/phone-work-log.ts';

/**
 * Logging time on an order from the day screen, with or without network (issue 28 §2): a timer
 * that runs on the phone (its start kept in IndexedDB, so a reload or a closed page keeps it) or a
 * duration with a note. Each log is one outbox op; the logs still waiting are listed here at once,
 * and a refused one stays (with the outbox's reason and its discard) until the technician decides.
 */
export function PhoneTimeLog({
  order,
  onSent,
}: {
  order: { id: string; orderNumber: string };
  /** Called when a run sent something (the route refreshes the order's logs). */
  onSent?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ops = useOutbox();
  const queued = queuedWorkLogs(ops, order.id);
  const [timer, setTimer] = useState<PhoneTimer | null>(null);
  const [minutes, setMinutes] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = `phone-time-${order.id}`;

  useEffect(() => {
    let live = true;
    readPhoneTimer(order.id)
      .then((kept) => live && setTimer(kept))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [order.id]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    try {
      await work();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const queue = async (worked: number) => {
    const { sent } = await enqueueChange(workLogOp(order, worked, note));
    setNote('');
    void sent.then((run) => {
      if (run.sent > 0) onSent?.();
    });
  };
  const start = () => act(async () => setTimer(await startPhoneTimer(order.id, Date.now())));
  const stop = () =>
    act(async () => {
      if (timer === null) return;
      await queue(timerMinutes(timer.startedAt, Date.now()));
      await clearPhoneTimer(order.id);
      setTimer(null);
    });
  const logDuration = () => {
    const worked = typeof minutes === 'number' ? minutes : Number.NaN;
    if (!Number.isInteger(worked) || worked < 1) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void act(async () => {
      await queue(worked);
      setMinutes('');
    });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h6" id={titleId}>
        {t('offline.workLog.title')}
      </Title>
      {timer === null ? (
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
          loading={busy}
          onClick={() => void start()}
        >
          {t('offline.workLog.start')}
        </Button>
      ) : (
        <Group gap="xs">
          <Text size="sm" role="status">
            {t('offline.workLog.running', {
              time: formatTime(new Date(timer.startedAt).toISOString(), i18n.language),
            })}
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} aria-hidden="true" />}
            loading={busy}
            onClick={() => void stop()}
          >
            {t('offline.workLog.stop')}
          </Button>
        </Group>
      )}
      <TextInput
        size="sm"
        label={t('offline.workLog.note')}
        value={note}
        maxLength={2000}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NumberInput
          size="sm"
          label={t('offline.workLog.minutes')}
          value={minutes}
          onChange={setMinutes}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          error={invalid ? t('offline.workLog.minutesInvalid') : undefined}
          style={{ flex: '1 1 8rem' }}
        />
        <Button variant="default" loading={busy} onClick={logDuration}>
          {t('offline.workLog.log')}
        </Button>
      </Group>
      {failed && (
        <Alert color="red" role="alert">
          {t('offline.workLog.failed')}
        </Alert>
      )}
      {queued.length > 0 && (
        <List size="sm" spacing={4}>
          {queued.map((log) => (
            <List.Item key={log.id}>
              <Group gap={6} wrap="wrap">
                <span>{t('offline.workLog.entry', { count: log.minutes })}</span>
                {log.notes !== null && <span>· {log.notes}</span>}
                <Badge size="sm" variant="light" color={log.refused ? 'red' : 'yellow'}>
                  {log.refused ? t('offline.workLog.refusedItem') : t('offline.workLog.waiting')}
                </Badge>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
