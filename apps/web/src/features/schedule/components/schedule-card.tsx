import { memo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Button, Group, Paper, Text } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScheduleCard as Card } from '@service-portal/shared/schedule';
import type { Priority } from '@service-portal/shared/service-orders';
import { formatDuration } from '../lib/format.ts';

const PRIORITY_COLORS: Record<Priority, MantineColor> = {
  low: 'gray',
  normal: 'blue',
  high: 'orange',
  critical: 'red',
};

export const cardDragId = (id: string) => `card:${id}`;

interface CardBodyProps {
  card: Card;
  /** Opens the "Schedule…" dialog (the keyboard and touch path). */
  onSchedule?: (card: Card) => void;
  /** The handle's props from dnd-kit (absent on the drag overlay's copy). */
  handle?: Record<string, unknown>;
  compact?: boolean;
}

/** What a card shows: number, title, customer, priority, start time and duration. */
export function CardBody({ card, onSchedule, handle, compact = false }: CardBodyProps) {
  const { t } = useTranslation();
  const label = `${card.orderNumber} ${card.title}`;
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      shadow={handle === undefined && onSchedule === undefined ? 'md' : undefined}
      style={{
        borderLeft: `4px solid var(--mantine-color-${PRIORITY_COLORS[card.priority]}-6)`,
        background: 'var(--mantine-color-body)',
      }}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        {handle !== undefined && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('schedule.card.move', { order: label })}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...handle}
          >
            <IconGripVertical size={14} aria-hidden="true" />
          </ActionIcon>
        )}
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" fw={700} truncate>
            {card.start !== null && `${card.start} · `}
            {card.orderNumber}
          </Text>
          <Text size="xs" truncate title={card.title}>
            {card.title}
          </Text>
          {!compact && (
            <Text size="xs" c="dimmed" truncate>
              {card.customerName}
              {card.postcode !== null && ` · ${card.postcode}`}
            </Text>
          )}
          <Group gap={4} wrap="nowrap">
            {/* The colour is the card's edge; the text keeps the body colour for contrast. */}
            <Text size="xs" fw={700}>
              {t(`schedule.priority.${card.priority}`)}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              ·{' '}
              {card.durationMinutes === null ? (
                <span style={{ color: 'var(--mantine-color-red-8)' }}>
                  <IconAlertTriangle size={12} aria-hidden="true" /> {t('schedule.card.noDuration')}
                </span>
              ) : card.durationIsDefault ? (
                t('schedule.card.defaultDuration', { duration: formatDuration(t, card.durationMinutes) })
              ) : (
                formatDuration(t, card.durationMinutes)
              )}
            </Text>
          </Group>
        </div>
      </Group>
      {onSchedule !== undefined && (
        <Button
          size="compact-xs"
          variant="light"
          mt={4}
          fullWidth
          aria-label={t('schedule.card.scheduleNamed', { order: label })}
          onClick={() => onSchedule(card)}
        >
          {t('schedule.card.schedule')}
        </Button>
      )}
    </Paper>
  );
}

/**
 * A card on the board or in the list. The mouse drags it by any part (after 6 px, so a click on
 * its button stays a click), a finger after a short press; the keyboard lifts it by its handle.
 */
export const DraggableCard = memo(function DraggableCard({
  card,
  onSchedule,
  compact,
}: {
  card: Card;
  /** Without it the card is read only (staff who are not managers): no drag, no dialog. */
  onSchedule?: ((card: Card) => void) | undefined;
  compact?: boolean;
}) {
  const readOnly = onSchedule === undefined;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: cardDragId(card.id),
    data: { card },
    disabled: readOnly,
  });
  if (readOnly) {
    return (
      <div data-card={card.orderNumber}>
        <CardBody card={card} compact={compact} />
      </div>
    );
  }
  const { onMouseDown, onTouchStart, ...keyboard } = (listeners ?? {}) as Record<string, unknown>;
  return (
    <div
      ref={setNodeRef}
      data-card={card.orderNumber}
      onMouseDown={onMouseDown as React.MouseEventHandler | undefined}
      onTouchStart={onTouchStart as React.TouchEventHandler | undefined}
      // No text selection while a card is pulled with the mouse.
      style={{ opacity: isDragging ? 0.4 : 1, cursor: 'grab', userSelect: 'none' }}
    >
      <CardBody
        card={card}
        onSchedule={onSchedule}
        compact={compact}
        handle={{ ...attributes, role: undefined, ...keyboard }}
      />
    </div>
  );
});
