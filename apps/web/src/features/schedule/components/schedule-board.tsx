import { lazy, Suspense, useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, CollisionDetection, DragEndEvent, DragStartEvent } from '@dnd-kit/core';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Drawer,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ScheduleCard } from '@service-portal/shared/schedule';
import { isCalendarDay, todayIn } from '@service-portal/shared/zoned-days';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { conflictMessage, scheduleErrorMessage } from '../lib/messages.ts';
import { displayTimeZone, subscribeDisplayTimeZone } from '../../../lib/time-zone.ts';
import { useAssignOrder } from '../api/assign-order.ts';
import { serverCardOf } from '../api/optimistic.ts';
import { useScheduleChangePoll } from '../api/get-schedule-changes.ts';
import { useScheduleBoard } from '../api/get-schedule-board.ts';
import { useUnscheduleOrder } from '../api/unschedule-order.ts';
import { isSamePlace } from '../lib/board-moves.ts';
import { useEdgeScroll } from '../lib/edge-scroll.ts';
import { BOARD_VIEWS, isBoardView, rangeStart, stepRange, VIEW_DAYS } from '../lib/board-range.ts';
import type { BoardView } from '../lib/board-range.ts';
import { formatDayHeading } from '../lib/format.ts';
import { BoardGrid } from './board-grid.tsx';
import type { CellDrop } from './board-grid.tsx';
import { CardBody, useCardTexts } from './schedule-card.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';
import { LIST_DROP_ID, UnscheduledPanel } from './unscheduled-panel.tsx';

// The "tell the customer" prompt loads when first needed (the route's weight). The dialog does not:
// split off, it takes Mantine's Modal along and the other routes that use Modal grow.
const NotifyPrompt = lazy(() => import('./notify-prompt.tsx').then((m) => ({ default: m.NotifyPrompt })));

// The pointer decides where a card lands; the keyboard sensor has no pointer, so rectangles do.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/** Where a drag began, for the mouse and touch (the keyboard has no pointer: null). */
function pointOf(event: Event | null): { x: number; y: number } | null {
  if (event instanceof MouseEvent) return { x: event.clientX, y: event.clientY };
  if (typeof TouchEvent !== 'undefined' && event instanceof TouchEvent) {
    const touch = event.touches[0] ?? event.changedTouches[0];
    return touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  return null;
}

/**
 * The dispatch board (issue 25): technicians × days in the partner's time zone, the unscheduled
 * orders beside it; drag a card to schedule, move or unschedule it, or use its "Schedule…" dialog.
 */
export function ScheduleBoard({ canEdit = true }: { canEdit?: boolean }) {
  const { t, i18n } = useTranslation();
  const zone = useSyncExternalStore(subscribeDisplayTimeZone, displayTimeZone);
  const today = todayIn(zone);
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('view');
  const view: BoardView = isBoardView(viewParam) ? viewParam : 'week';
  const dateParam = params.get('date');
  const anchor = dateParam !== null && isCalendarDay(dateParam) ? dateParam : today;
  const from = rangeStart(view, anchor);
  const board = useScheduleBoard({ from, days: VIEW_DAYS[view] });
  useScheduleChangePoll(board.data?.cursor);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [listOpen, setListOpen] = useState(false);
  const [dialogCard, setDialogCard] = useState<ScheduleCard | null>(null);
  const [notifyCard, setNotifyCard] = useState<ScheduleCard | null>(null);
  const [dragged, setDragged] = useState<ScheduleCard | null>(null);
  const assign = useAssignOrder();
  const scroller = useRef<HTMLDivElement>(null);
  const edgeScroll = useEdgeScroll(scroller);
  const unschedule = useUnscheduleOrder();
  const texts = useCardTexts();

  const go = (patch: { view?: BoardView; date?: string }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (patch.view !== undefined) next.set('view', patch.view);
        if (patch.date !== undefined) next.set('date', patch.date);
        return next;
      },
      { replace: true },
    );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor),
  );

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    edgeScroll.track(pointOf(activatorEvent));
    setDragged((active.data.current as { card: ScheduleCard } | undefined)?.card ?? null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    edgeScroll.stop();
    setDragged(null);
    const card = (active.data.current as { card: ScheduleCard } | undefined)?.card;
    if (card === undefined || over === null) return;
    if (over.id === LIST_DROP_ID) {
      if (card.date !== null) unschedule.mutate(card, { onError: refused });
      return;
    }
    const drop = (over.data.current as { drop: CellDrop } | undefined)?.drop;
    if (drop === undefined) return;
    // Moved to another technician or day the card keeps its time; an hour slot sets it.
    const target = { technicianId: drop.technicianId, date: drop.date, start: drop.slot ?? card.start };
    if (isSamePlace(card, target)) return;
    // The partner's closed weekdays refuse a drop at once, as the server would (`partner_closed`).
    if (board.data?.days.find((day) => day.date === drop.date)?.isWorkingDay === false) {
      notifications.show({
        color: 'red',
        title: t('schedule.refused'),
        message: t('schedule.errors.partnerClosed'),
      });
      return;
    }
    assign.mutate({ card, target }, { onSuccess: (result) => setNotifyCard(result.card), onError: refused });
  };

  const technicianName = useMemo(() => {
    const names = new Map(board.data?.technicians.map((tech) => [tech.id, tech.fullName]));
    return (id: string) => names.get(id) ?? '';
  }, [board.data?.technicians]);

  // A refusal says why; a version conflict also says where the order is now (the board shows it so).
  const refused = useCallback(
    (error: unknown) => {
      const now = serverCardOf(error);
      const message =
        now === null
          ? formatMessage(t, scheduleErrorMessage(error))
          : conflictMessage(t, now, technicianName, i18n.language);
      notifications.show({ color: 'red', title: t('schedule.refused'), message });
    },
    [t, i18n.language, technicianName],
  );

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('schedule.dnd.picked', {
        order: String((active.data.current as { card?: ScheduleCard })?.card?.orderNumber ?? ''),
      }),
    onDragOver: ({ over }) => (over === null ? t('schedule.dnd.nowhere') : describeDrop(over.id)),
    onDragEnd: ({ over }) =>
      over === null
        ? t('schedule.dnd.cancelled')
        : t('schedule.dnd.dropped', { place: describeDrop(over.id) }),
    onDragCancel: () => t('schedule.dnd.cancelled'),
  };
  function describeDrop(id: string | number): string {
    const text = String(id);
    if (text === LIST_DROP_ID) return t('schedule.dnd.overList');
    const [, technicianId = '', date = '', slot] = text.split(':');
    return t('schedule.dnd.overCell', {
      technician: technicianName(technicianId),
      day: date === '' ? '' : formatDayHeading(date, i18n.language),
      time: slot === undefined ? '' : `${slot}:00`,
    });
  }

  const openDialog = canEdit ? setDialogCard : undefined;
  const list = <UnscheduledPanel onSchedule={openDialog} />;
  const to = board.data?.to;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      // Auto-scroll only the board's own scroller, while the pointer is over it and has been for a
      // moment (useEdgeScroll): a card carried in from the list must not scroll the board under it.
      autoScroll={{
        threshold: { x: 0.1, y: 0.1 },
        layoutShiftCompensation: false,
        canScroll: edgeScroll.canScroll,
      }}
      onDragMove={({ activatorEvent, delta }) => {
        const start = pointOf(activatorEvent);
        edgeScroll.track(start === null ? null : { x: start.x + delta.x, y: start.y + delta.y });
      }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        edgeScroll.stop();
        setDragged(null);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('schedule.dnd.instructions') },
      }}
    >
      <Stack gap="md" style={{ minWidth: 0 }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1}>{t('schedule.title')}</Title>
          {!wide && (
            <Button
              variant="light"
              leftSection={<IconListDetails size={18} aria-hidden="true" />}
              onClick={() => setListOpen(true)}
            >
              {t('schedule.list.open')}
            </Button>
          )}
        </Group>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('schedule.view.label')}
            value={view}
            onChange={(value) => go({ view: value })}
            data={BOARD_VIEWS.map((value) => ({ value, label: t(`schedule.view.${value}`) }))}
          />
          <Group gap={4}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('schedule.nav.previous')}
              onClick={() => go({ date: stepRange(view, from, -1) })}
            >
              <IconChevronLeft size={18} aria-hidden="true" />
            </ActionIcon>
            <Button variant="default" onClick={() => go({ date: today })}>
              {t('schedule.nav.today')}
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('schedule.nav.next')}
              onClick={() => go({ date: stepRange(view, from, 1) })}
            >
              <IconChevronRight size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
          <Text size="sm" fw={600} aria-live="polite">
            {to === undefined || to === from
              ? formatDayHeading(from, i18n.language)
              : t('schedule.nav.range', {
                  from: formatDayHeading(from, i18n.language),
                  to: formatDayHeading(to, i18n.language),
                })}
          </Text>
          {board.isFetching && <Loader size="xs" role="status" aria-label={t('schedule.loading')} />}
        </Group>
        {notifyCard !== null && (
          <Suspense fallback={null}>
            <NotifyPrompt card={notifyCard} onDismiss={() => setNotifyCard(null)} />
          </Suspense>
        )}
        <Group align="flex-start" wrap="nowrap" gap="md" style={{ minWidth: 0 }}>
          <Box
            ref={scroller}
            style={{ flex: 1, minWidth: 0, overflowX: 'auto', maxWidth: '100%' }}
            data-testid="schedule-board-scroller"
            // Reachable by keyboard: a read-only board (plain staff) has no card to tab to.
            tabIndex={0}
            role="region"
            aria-label={t('schedule.title')}
          >
            {board.isPending ? (
              <Group justify="center" p="xl">
                <Loader role="status" aria-label={t('schedule.loading')} />
              </Group>
            ) : board.isError ? (
              <Alert color="red" role="alert" title={t('schedule.loadFailed')}>
                {formatMessage(t, apiErrorMessage(board.error, 'schedule.loadFailed'))}
                <Button size="compact-sm" variant="subtle" ml="xs" onClick={() => void board.refetch()}>
                  {t('common.retry')}
                </Button>
              </Alert>
            ) : (
              <BoardGrid board={board.data} today={today} hourly={view === 'day'} onSchedule={openDialog} />
            )}
          </Box>
          {wide && (
            <Box w={320} style={{ flexShrink: 0 }}>
              {list}
            </Box>
          )}
        </Group>
      </Stack>
      {!wide && (
        <Drawer
          opened={listOpen}
          onClose={() => setListOpen(false)}
          position="right"
          size="100%"
          title={t('schedule.list.drawerTitle')}
          closeButtonProps={{ 'aria-label': t('common.dismiss') }}
        >
          {list}
        </Drawer>
      )}
      <DragOverlay dropAnimation={null}>
        {dragged !== null && <CardBody card={dragged} texts={texts} compact floating />}
      </DragOverlay>
      <ScheduleDialog
        card={dialogCard}
        technicians={board.data?.technicians ?? []}
        today={today}
        onClose={() => setDialogCard(null)}
        onScheduled={(card) => {
          setListOpen(false);
          setNotifyCard(card);
        }}
      />
    </DndContext>
  );
}
