import { useState } from 'react';
import { Alert, Badge, Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MyDayOrder } from '@service-portal/shared/schedule';
import { ScanButton } from '../../../components/scan-button.tsx';
import { enqueueChange, phoneOutbox, useOutbox } from '../lib/phone-outbox.ts';
import {
  addPartOp,
  changePartOp,
  queuedParts,
  removePartOp,
  waitingLineChange,
  waitingLineIds,
} from '../lib/phone-parts.ts';

type Line = MyDayOrder['spareParts'][number];

export interface PhonePartsProps {
  order: MyDayOrder;
  /** Keeps a change in the phone's copy of the day (shown at once, and after a reload). */
  keep: (patch: Partial<MyDayOrder>) => Promise<void>;
  /** Called when a run sent something (the route reads the day again). */
  onSent?: () => void;
}

function isQuantity(value: number | string): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100_000;
}

/**
 * The order's parts on the phone (issue 28 §2): add a line, change a quantity or remove a line,
 * with or without network. Each change is an outbox op; a line added offline is listed as waiting
 * (its quantity can still be changed, which amends the op) until the server has it.
 */
export function PhoneParts({ order, keep, onSent }: PhonePartsProps) {
  const { t } = useTranslation();
  const ops = useOutbox();
  const queued = queuedParts(ops, order.id);
  const waiting = waitingLineIds(ops, order.id);
  const [failed, setFailed] = useState(false);
  const titleId = `phone-parts-${order.id}`;

  const run = async (work: () => Promise<void>) => {
    setFailed(false);
    try {
      await work();
    } catch {
      setFailed(true);
    }
  };
  const send = async (op: Parameters<typeof enqueueChange>[0]) => {
    const { sent } = await enqueueChange(op);
    void sent.then((r) => {
      if (r.sent > 0) onSent?.();
    });
  };
  const changeLine = (line: Line, quantity: number) =>
    run(async () => {
      const pending = waitingLineChange(phoneOutbox().ops(), order.id, line.id);
      const next = changePartOp(order, line, quantity);
      const amended =
        pending !== undefined &&
        (await phoneOutbox().amend(pending.id, { ...(pending.body as object), quantity }));
      if (!amended) await send(next);
      await keep({ spareParts: order.spareParts.map((l) => (l.id === line.id ? { ...l, quantity } : l)) });
    });
  const removeLine = (line: Line) =>
    run(async () => {
      await send(removePartOp(order, line));
      await keep({ spareParts: order.spareParts.filter((l) => l.id !== line.id) });
    });

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h6" id={titleId}>
        {t('schedule.myDay.parts')}
      </Title>
      {order.spareParts.length === 0 && queued.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('schedule.myDay.noParts')}
        </Text>
      )}
      {order.spareParts.length + queued.length > 0 && (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {order.spareParts.map((line) => (
            <li key={line.id}>
              <LineRow
                // A new quantity (kept or from the server) starts the field again from it.
                key={line.quantity}
                name={line.partName}
                number={line.partNumber}
                quantity={line.quantity}
                waiting={waiting.has(line.id)}
                refused={false}
                onQuantity={(q) => void changeLine(line, q)}
                onRemove={() => void removeLine(line)}
              />
            </li>
          ))}
          {queued.map((part) => (
            <li key={part.opId}>
              <LineRow
                key={part.quantity}
                name={part.partName}
                number={part.partNumber}
                quantity={part.quantity}
                waiting={!part.refused}
                refused={part.refused}
                onQuantity={(quantity) =>
                  void run(async () => {
                    const op = phoneOutbox()
                      .ops()
                      .find((o) => o.id === part.opId);
                    const done =
                      op !== undefined &&
                      (await phoneOutbox().amend(op.id, { ...(op.body as object), quantity }));
                    if (!done) setFailed(true);
                  })
                }
                onRemove={
                  part.refused
                    ? undefined
                    : () =>
                        void run(async () => {
                          if (!(await phoneOutbox().withdraw(part.opId))) setFailed(true);
                        })
                }
              />
            </li>
          ))}
        </Stack>
      )}
      <AddPart
        orderId={order.id}
        onAdd={(part) =>
          run(async () => {
            await send(addPartOp(order, part));
          })
        }
      />
      {failed && (
        <Alert color="red" role="alert">
          {t('offline.parts.failed')}
        </Alert>
      )}
    </Stack>
  );
}

function LineRow({
  name,
  number,
  quantity,
  waiting,
  refused,
  onQuantity,
  onRemove,
}: {
  name: string;
  number: string;
  quantity: number;
  waiting: boolean;
  refused: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(quantity);
  const valid = isQuantity(value);
  const changed = valid && value !== quantity;
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Text size="sm" c="dimmed">
          {number}
        </Text>
        {(waiting || refused) && (
          <Badge size="sm" variant="light" color={refused ? 'red' : 'yellow'}>
            {refused ? t('offline.workLog.refusedItem') : t('offline.workLog.waiting')}
          </Badge>
        )}
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NumberInput
          size="sm"
          label={t('offline.parts.quantityOf', { name })}
          value={value}
          onChange={setValue}
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          disabled={refused}
          error={valid ? undefined : t('offline.parts.quantityInvalid')}
          style={{ flex: '1 1 7rem' }}
        />
        <Button
          size="sm"
          variant="default"
          disabled={!changed}
          onClick={() => valid && onQuantity(value)}
          aria-label={t('offline.parts.saveQuantity', { name })}
        >
          {t('offline.parts.save')}
        </Button>
        {onRemove !== undefined && (
          <Button
            size="sm"
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t('offline.parts.remove', { name })}
          >
            {t('offline.parts.removeShort')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function AddPart({
  orderId,
  onAdd,
}: {
  orderId: string;
  onAdd: (part: { partNumber: string; partName: string; quantity: number }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [partNumber, setPartNumber] = useState('');
  const [partName, setPartName] = useState('');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [errors, setErrors] = useState<{ number?: boolean; name?: boolean; quantity?: boolean }>({});
  const submit = async () => {
    const next = {
      number: partNumber.trim() === '',
      name: partName.trim() === '',
      quantity: !isQuantity(quantity),
    };
    setErrors(next);
    if (next.number || next.name || !isQuantity(quantity)) return;
    await onAdd({ partNumber, partName, quantity });
    setPartNumber('');
    setPartName('');
    setQuantity(1);
  };
  return (
    <Stack
      gap={6}
      component="form"
      aria-label={t('offline.parts.addTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Text size="sm" fw={600} id={`phone-add-part-${orderId}`}>
        {t('offline.parts.addTitle')}
      </Text>
      <TextInput
        size="sm"
        label={t('serviceOrders.spareParts.partNumber')}
        value={partNumber}
        maxLength={100}
        onChange={(event) => setPartNumber(event.currentTarget.value)}
        error={errors.number ? t('offline.parts.numberRequired') : undefined}
        rightSection={
          <ScanButton
            label={t('serviceOrders.spareParts.partNumber')}
            onScan={(text) => setPartNumber(text)}
          />
        }
      />
      <TextInput
        size="sm"
        label={t('serviceOrders.spareParts.partName')}
        value={partName}
        maxLength={200}
        onChange={(event) => setPartName(event.currentTarget.value)}
        error={errors.name ? t('offline.parts.nameRequired') : undefined}
      />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NumberInput
          size="sm"
          label={t('serviceOrders.spareParts.quantity')}
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          error={errors.quantity ? t('offline.parts.quantityInvalid') : undefined}
          style={{ flex: '1 1 7rem' }}
        />
        <Button size="sm" type="submit" variant="light">
          {t('offline.parts.add')}
        </Button>
      </Group>
    </Stack>
  );
}
