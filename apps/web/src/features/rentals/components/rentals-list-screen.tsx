import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Button, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  RENTAL_SORTS,
  RENTAL_STATUSES,
  type Rental,
  type RentalStatus,
} from '@service-portal/shared/rentals';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { ScreenList, type PagedListColumn } from '../../../components/paged-list.tsx';
import { formatMessage, problemMessage } from '../../../lib/api-errors.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import {
  choiceParam,
  optionalChoiceParam,
  pageParam,
  textParam,
  useListParams,
} from '../../../lib/use-list-params.ts';
import { useCancelRental } from '../api/cancel-rental.ts';
import { useRentalDashboard } from '../api/get-rental-dashboard.ts';
import { useRentals } from '../api/list-rentals.ts';
import { useUndoPickup } from '../api/undo-pickup.ts';
import { RentalStatusBadge } from './rental-badges.tsx';
import { ConfirmDialog, lazyDialog } from '../../../components/lazy-dialog.tsx';
import { todayIn } from '@service-portal/shared/zoned-days';
import { displayTimeZone } from '../../../lib/time-zone.ts';
import type { CustomerPickerSlot } from './rental-form.tsx';

// Dialogs load when first opened (issue 18: weight).
const ReturnDialog = lazyDialog(() => import('./return-dialog.tsx').then((m) => m.ReturnDialog), {
  isOpen: (p) => p.rental !== null,
  closed: (p) => ({ ...p, rental: null }),
});
const RentalPhotosModal = lazyDialog(() => import('./rental-photos.tsx').then((m) => m.RentalPhotosModal), {
  isOpen: (p) => p.rental !== null,
  closed: (p) => ({ ...p, rental: null }),
});
const HandOverDialog = lazyDialog(() => import('./hand-over-dialog.tsx').then((m) => m.HandOverDialog), {
  isOpen: (p) => p.booking !== null,
  closed: (p) => ({ ...p, booking: null }),
});
const RentalFormModal = lazyDialog(() => import('./rental-form.tsx').then((m) => m.RentalFormModal));

const ACTIVE_VIEWS = ['open', 'overdue', 'booked'] as const;
const PAGE_SIZE = 20;
const PARAMS = {
  page: pageParam(),
  sort: choiceParam('sort', RENTAL_SORTS, 'newest'),
  view: choiceParam('view', ACTIVE_VIEWS, 'open'),
  status: optionalChoiceParam('status', RENTAL_STATUSES),
  search: textParam('q'),
};

interface Props {
  /** The customers feature's picker for the rental form (composed in app/). */
  customerPicker: CustomerPickerSlot;
  /** `active`: what is out now (and the bookings); `all`: every rental, any status. */
  mode: 'active' | 'all';
  /** Administrators and ServiceManagers cancel. */
  canManage: boolean;
  /** Where a rental's change history is (the history feature's page, composed in app/); absent: no link. */
  historyHref?: ((rentalId: string) => string) | undefined;
}

/** Spec §2: active rentals and all rentals (newest/oldest first, filter by status, search). */
export function RentalsListScreen({ customerPicker, mode, canManage, historyHref }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [state, update] = useListParams(PARAMS);
  const status: RentalStatus | 'open' | undefined =
    mode === 'active' ? state.view : (state.status ?? undefined);
  const list = useRentals({
    page: state.page,
    pageSize: PAGE_SIZE,
    sort: state.sort,
    status,
    search: state.search,
  });
  const dashboard = useRentalDashboard();
  const today = list.data?.today ?? dashboard.data?.today ?? todayIn(displayTimeZone());
  const currency = dashboard.data?.currency ?? 'NOK';
  const [returning, setReturning] = useState<Rental | null>(null);
  // ?customer=<id> (the customer's page, "New rental"): the form opens with that customer chosen.
  const [searchParams, setSearchParams] = useSearchParams();
  const forCustomer = searchParams.get('customer') ?? undefined;
  const [creating, setCreating] = useState<'rental' | 'booking' | null>(forCustomer ? 'rental' : null);
  const closeForm = () => {
    setCreating(null);
    if (forCustomer)
      setSearchParams(
        (params) => {
          params.delete('customer');
          return params;
        },
        { replace: true },
      );
  };
  const [cancelling, setCancelling] = useState<Rental | null>(null);
  const [viewingPhotos, setViewingPhotos] = useState<Rental | null>(null);
  const [handingOver, setHandingOver] = useState<Rental | null>(null);
  const undo = useUndoPickup();
  const cancel = useCancelRental();

  const failed = (key: 'rentals.handOver.undoFailed' | 'rentals.cancelFailed') => (e: unknown) =>
    notifications.show({ color: 'red', message: formatMessage(t, problemMessage(e, key, 'rental')) });

  const undoHandOver = (r: Rental) => {
    notifications.hide(`hand-over-${r.id}`);
    undo.mutate(
      { id: r.id, version: r.version },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('rentals.handOver.undone') }),
        onError: failed('rentals.handOver.undoFailed'),
      },
    );
  };
  const handedOver = (r: Rental) =>
    notifications.show({
      id: `hand-over-${r.id}`,
      color: 'green',
      autoClose: 15_000,
      message: (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <span>{t('rentals.pickedUp')}</span>
          <Button size="xs" variant="light" onClick={() => undoHandOver(r)}>
            {t('rentals.handOver.undo')}
          </Button>
        </Group>
      ),
    });

  const actions = (r: Rental) => (
    <Group gap="xs" wrap="wrap">
      {(r.status === 'active' || r.status === 'overdue') && (
        <Button
          size="xs"
          variant="light"
          onClick={() => setReturning(r)}
          aria-label={`${t('rentals.return.action')} ${r.unitName}`}
        >
          {t('rentals.return.action')}
        </Button>
      )}
      {r.status === 'booked' && (
        <Button
          size="xs"
          variant="light"
          color="green"
          aria-label={`${t('rentals.pickup')} ${r.unitName} ${r.serialNumber}`}
          onClick={() => setHandingOver(r)}
        >
          {t('rentals.pickup')}
        </Button>
      )}
      {r.handOverUndoUntil !== null && (
        <Button
          size="xs"
          variant="default"
          loading={undo.isPending && undo.variables.id === r.id}
          aria-label={`${t('rentals.handOver.undoAction')} ${r.unitName} ${r.serialNumber}`}
          onClick={() => undoHandOver(r)}
        >
          {t('rentals.handOver.undoAction')}
        </Button>
      )}
      {historyHref && (
        <Button
          size="xs"
          variant="subtle"
          component={Link}
          to={historyHref(r.id)}
          aria-label={`${t('rentals.history')} ${r.unitName}`}
        >
          {t('rentals.history')}
        </Button>
      )}
      {(r.status === 'returned' || r.status === 'active' || r.status === 'overdue') && (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => setViewingPhotos(r)}
          aria-label={`${t('rentals.photos.action')} ${r.unitName}`}
        >
          {t('rentals.photos.action')}
        </Button>
      )}
      {canManage && (r.status === 'booked' || r.status === 'active' || r.status === 'overdue') && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setCancelling(r)}
          aria-label={`${t('rentals.cancel')} ${r.unitName}`}
        >
          {t('rentals.cancel')}
        </Button>
      )}
    </Group>
  );

  const period = (r: Rental) =>
    `${formatDay(r.startDate, lang)} – ${formatDay(r.returnedDate ?? r.dueDate, lang)}`;
  const columns: PagedListColumn<Rental>[] = [
    {
      key: 'unit',
      header: t('rentals.fields.unit'),
      cell: (r) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {r.unitName}
          </Text>
          <Text size="xs">{r.serialNumber}</Text>
        </Stack>
      ),
    },
    { key: 'customer', header: t('rentals.fields.customer'), cell: (r) => r.customerName },
    { key: 'period', header: t('rentals.fields.period'), cell: period },
    {
      key: 'status',
      header: t('rentals.fields.status'),
      cell: (r) => <RentalStatusBadge status={r.status} />,
    },
    {
      key: 'amount',
      header: t('rentals.fields.amount'),
      align: 'right',
      cell: (r) =>
        r.charges
          ? formatMoney(r.charges.totalMinor, r.currency, lang)
          : `${formatMoney(r.dailyRate, r.currency, lang)} ${t('rentals.perDay')}`,
    },
    { key: 'actions', header: t('rentals.fields.actions'), cell: actions },
  ];

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Group wrap="wrap" align="flex-end">
          {mode === 'active' ? (
            <SegmentedControl
              aria-label={t('rentals.fields.status')}
              value={state.view}
              onChange={(v) => update({ view: v, page: 1 })}
              data={ACTIVE_VIEWS.map((v) => ({ value: v, label: t(`rentals.views.${v}`) }))}
            />
          ) : (
            <NativeSelect
              label={t('rentals.fields.status')}
              w={170}
              value={state.status ?? ''}
              data={[
                { value: '', label: t('rentals.any') },
                ...RENTAL_STATUSES.map((s) => ({ value: s, label: t(`rentals.status.${s}`) })),
              ]}
              onChange={(e) => {
                const v = e.currentTarget.value;
                update({ status: RENTAL_STATUSES.find((s) => s === v) ?? null, page: 1 });
              }}
            />
          )}
          <NativeSelect
            label={t('rentals.sortLabel')}
            w={160}
            value={state.sort}
            data={RENTAL_SORTS.map((s) => ({ value: s, label: t(`rentals.sort.${s}`) }))}
            onChange={(e) => {
              const v = e.currentTarget.value;
              const sort = RENTAL_SORTS.find((s) => s === v);
              if (sort) update({ sort, page: 1 });
            }}
          />
          <DebouncedTextInput
            label={t('rentals.search')}
            value={state.search}
            onCommit={(search) => update({ search, page: 1 }, { replace: true })}
            w={240}
          />
        </Group>
        <Group gap="xs">
          <Button onClick={() => setCreating('rental')}>{t('rentals.form.newRental')}</Button>
          <Button variant="light" onClick={() => setCreating('booking')}>
            {t('rentals.form.newBooking')}
          </Button>
        </Group>
      </Group>
      <ScreenList
        query={list}
        params={[state, update]}
        loadFailure="rentals.loadFailed"
        loadingLabel={t('rentals.loading')}
        columns={columns}
        cardTestId="rental-card"
        card={(r) => (
          <Box>
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Text fw={600}>{r.unitName}</Text>
              <RentalStatusBadge status={r.status} />
            </Group>
            <Text size="sm">
              {r.customerName} · {r.serialNumber}
            </Text>
            <Text size="xs" mb="xs">
              {period(r)}
            </Text>
            {actions(r)}
          </Box>
        )}
        empty={t('rentals.empty')}
      />
      <ReturnDialog rental={returning} today={today} onClose={() => setReturning(null)} />
      <HandOverDialog
        booking={handingOver}
        today={today}
        onClose={() => setHandingOver(null)}
        onDone={handedOver}
      />
      <RentalPhotosModal rental={viewingPhotos} onClose={() => setViewingPhotos(null)} />
      <RentalFormModal
        customerPicker={customerPicker}
        kind={creating ?? 'rental'}
        opened={creating !== null}
        onClose={closeForm}
        today={today}
        currency={currency}
        customerId={forCustomer}
      />
      <ConfirmDialog
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('rentals.cancelTitle')}
        message={t('rentals.cancelConfirm', {
          unit: cancelling?.unitName ?? '',
          customer: cancelling?.customerName ?? '',
        })}
        confirmLabel={t('rentals.cancel')}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(
            { id: cancelling.id, version: cancelling.version },
            {
              onSuccess: () => notifications.show({ color: 'green', message: t('rentals.cancelled') }),
              onError: failed('rentals.cancelFailed'),
            },
          );
          setCancelling(null);
        }}
      />
    </Stack>
  );
}
