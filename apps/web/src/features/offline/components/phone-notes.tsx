import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MyDayOrder } from '@service-portal/shared/schedule';
import { ScanButton } from '../../../components/scan-button.tsx';
import { enqueueChange } from '../lib/phone-outbox.ts';
import { orderNotesOp } from '../lib/phone-parts.ts';

/** A camera scan that filled the serial-number field: its text, and a number new for each scan. */
export interface SerialScan {
  serial: string;
  id: number;
}

/**
 * The order's serial number (typed, from a hardware scanner, or read with the camera) and its
 * notes, changed on the phone with or without network (issue 28 §2–3): one outbox op with the
 * order's PUT; the order's version is chained like the status, so it follows a status change made
 * offline before it.
 */
export function PhoneNotes({
  order,
  keep,
  onSent,
  serialHistoryLink,
}: {
  order: MyDayOrder;
  keep: (patch: Partial<MyDayOrder>) => Promise<void>;
  onSent?: () => void;
  /** The serial number's service history (the route module offers it); `scan`: the last camera scan, null until one. */
  serialHistoryLink?: (serial: string, scan: SerialScan | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const [serialNumber, setSerialNumber] = useState(order.serialNumber ?? '');
  const [internalNotes, setInternalNotes] = useState(order.internalNotes ?? '');
  const [state, setState] = useState<'idle' | 'kept' | 'failed'>('idle');
  const [scan, setScan] = useState<SerialScan | null>(null);
  const titleId = `phone-notes-${order.id}`;
  const changed =
    serialNumber.trim() !== (order.serialNumber ?? '') ||
    internalNotes.trim() !== (order.internalNotes ?? '');
  const save = async () => {
    setState('idle');
    try {
      const { sent } = await enqueueChange(orderNotesOp(order, { serialNumber, internalNotes }));
      const s = serialNumber.trim();
      const n = internalNotes.trim();
      await keep({ serialNumber: s === '' ? null : s, internalNotes: n === '' ? null : n });
      setState('kept');
      void sent.then((r) => {
        if (r.sent > 0) onSent?.();
      });
    } catch {
      setState('failed');
    }
  };
  const shownSerial = serialNumber.trim();
  return (
    <Stack
      gap="xs"
      component="form"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Title order={3} size="h6" id={titleId}>
        {t('offline.notes.title')}
      </Title>
      <TextInput
        size="sm"
        label={t('serviceOrders.fields.serialNumber')}
        value={serialNumber}
        maxLength={100}
        onChange={(event) => {
          setSerialNumber(event.currentTarget.value);
          setState('idle');
        }}
        rightSection={
          <ScanButton
            label={t('serviceOrders.fields.serialNumber')}
            onScan={(text) => {
              setSerialNumber(text);
              setState('idle');
              setScan((last) => ({ serial: text, id: (last?.id ?? 0) + 1 }));
            }}
          />
        }
      />
      {serialHistoryLink !== undefined && shownSerial !== '' && (
        <div>{serialHistoryLink(shownSerial, scan)}</div>
      )}
      <Textarea
        size="sm"
        label={t('serviceOrders.fields.internalNotes')}
        value={internalNotes}
        maxLength={10_000}
        autosize
        minRows={2}
        onChange={(event) => {
          setInternalNotes(event.currentTarget.value);
          setState('idle');
        }}
      />
      <Button type="submit" variant="light" disabled={!changed}>
        {t('offline.notes.save')}
      </Button>
      {state === 'kept' && (
        <Text size="sm" role="status">
          {t('offline.notes.kept')}
        </Text>
      )}
      {state === 'failed' && (
        <Alert color="red" role="alert">
          {t('offline.notes.failed')}
        </Alert>
      )}
    </Stack>
  );
}
