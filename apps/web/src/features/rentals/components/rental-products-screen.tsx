import { useState } from 'react';
import { Box, Button, Checkbox, Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  RENTAL_AVAILABILITIES,
  RENTAL_PRODUCT_PAGE_SIZES,
  RENTAL_PRODUCT_SORTS,
  type RentalProduct,
} from '@service-portal/shared/rentals';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { ScreenList, type PagedListColumn } from '../../../components/paged-list.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import {
  choiceParam,
  flagParam,
  optionalChoiceParam,
  pageParam,
  textParam,
  useListParams,
} from '../../../lib/use-list-params.ts';
import { useRentalDashboard } from '../api/get-rental-dashboard.ts';
import { useRentalProducts } from '../api/list-rental-products.ts';
import { useSetRentalProductStatus } from '../api/set-rental-product-status.ts';
import { AvailabilityBadge, ConditionBadge } from './rental-badges.tsx';
import type { CatalogProductPicker } from './rental-product-form.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';

// Dialogs load when first opened (issue 18: weight).
const RentalProductFormModal = lazyDialog(() =>
  import('./rental-product-form.tsx').then((m) => m.RentalProductFormModal),
);

const PARAMS = {
  page: pageParam(),
  pageSize: choiceParam('size', RENTAL_PRODUCT_PAGE_SIZES, 12),
  sort: choiceParam('sort', RENTAL_PRODUCT_SORTS, 'name_asc'),
  view: choiceParam('view', ['cards', 'table'] as const, 'cards'),
  availability: optionalChoiceParam('availability', RENTAL_AVAILABILITIES),
  search: textParam('q'),
  inactive: flagParam('inactive'),
};

interface Props {
  /** Administrators and ServiceManagers add, change and (de)activate units. */
  canManage: boolean;
  catalogProductPicker?: CatalogProductPicker;
  /** Where a unit's change history is (the history feature's page, composed in app/). */
  historyHref?: ((rentalProductId: string) => string) | undefined;
}

/** Spec §2 "rental products": units as cards or a table, five sorts, 12/24/48 a page. */
export function RentalProductsScreen({ canManage, catalogProductPicker, historyHref }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [state, update] = useListParams(PARAMS);
  const [editing, setEditing] = useState<RentalProduct | null | undefined>(undefined);
  const currency = useRentalDashboard().data?.currency ?? 'NOK';
  const list = useRentalProducts({
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    search: state.search,
    ...(state.availability ? { availability: state.availability } : {}),
    includeInactive: state.inactive,
  });
  const setStatus = useSetRentalProductStatus();

  const toggle = (p: RentalProduct) =>
    setStatus.mutate(
      { id: p.id, isActive: !p.isActive, version: p.version },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('rentals.products.saved') }),
        onError: (e) =>
          notifications.show({
            color: 'red',
            message: formatMessage(t, apiErrorMessage(e, 'rentals.products.statusFailed')),
          }),
      },
    );

  const actions = (p: RentalProduct) =>
    canManage ? (
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          onClick={() => setEditing(p)}
          aria-label={`${t('rentals.edit')} ${p.name}`}
        >
          {t('rentals.edit')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color={p.isActive ? 'orange' : 'green'}
          onClick={() => toggle(p)}
          aria-label={`${p.isActive ? t('rentals.deactivate') : t('rentals.activate')} ${p.name}`}
        >
          {p.isActive ? t('rentals.deactivate') : t('rentals.activate')}
        </Button>
      </Group>
    ) : null;

  const next = (p: RentalProduct) =>
    p.nextBookingStart
      ? t('rentals.products.nextBooking', { date: formatDay(p.nextBookingStart, lang) })
      : '';

  const columns: PagedListColumn<RentalProduct>[] = [
    { key: 'name', header: t('rentals.fields.name'), cell: (p) => p.name, fw: 600 },
    { key: 'serial', header: t('rentals.fields.serialNumber'), cell: (p) => p.serialNumber },
    {
      key: 'condition',
      header: t('rentals.fields.condition'),
      cell: (p) => <ConditionBadge condition={p.condition} />,
    },
    {
      key: 'availability',
      header: t('rentals.fields.availability'),
      cell: (p) => (
        <Stack gap={2}>
          <AvailabilityBadge availability={p.availability} />
          <Text size="xs">{next(p)}</Text>
        </Stack>
      ),
    },
    {
      key: 'fee',
      header: t('rentals.fields.lateFeePerDay'),
      cell: (p) => formatMoney(p.lateFeePerDay, currency, lang),
      align: 'right',
    },
    ...(canManage ? [{ key: 'actions', header: t('rentals.fields.actions'), cell: actions }] : []),
  ];

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Group wrap="wrap" align="flex-end">
          <DebouncedTextInput
            label={t('rentals.products.search')}
            value={state.search}
            onCommit={(search) => update({ search, page: 1 }, { replace: true })}
            w={220}
          />
          <NativeSelect
            label={t('rentals.sortLabel')}
            w={200}
            value={state.sort}
            data={RENTAL_PRODUCT_SORTS.map((s) => ({ value: s, label: t(`rentals.products.sort.${s}`) }))}
            onChange={(e) => {
              const v = e.currentTarget.value;
              const sort = RENTAL_PRODUCT_SORTS.find((s) => s === v);
              if (sort) update({ sort, page: 1 });
            }}
          />
          <NativeSelect
            label={t('rentals.fields.availability')}
            w={170}
            value={state.availability ?? ''}
            data={[
              { value: '', label: t('rentals.any') },
              ...RENTAL_AVAILABILITIES.map((a) => ({ value: a, label: t(`rentals.availability.${a}`) })),
            ]}
            onChange={(e) => {
              const v = e.currentTarget.value;
              update({ availability: RENTAL_AVAILABILITIES.find((a) => a === v) ?? null, page: 1 });
            }}
          />
          <NativeSelect
            label={t('rentals.pageSize')}
            w={100}
            value={String(state.pageSize)}
            data={RENTAL_PRODUCT_PAGE_SIZES.map((n) => String(n))}
            onChange={(e) => {
              const size = RENTAL_PRODUCT_PAGE_SIZES.find((n) => String(n) === e.currentTarget.value);
              if (size) update({ pageSize: size, page: 1 });
            }}
          />
          <SegmentedControl
            aria-label={t('rentals.products.view')}
            value={state.view}
            onChange={(v) => update({ view: v })}
            data={[
              { value: 'cards', label: t('rentals.products.cards') },
              { value: 'table', label: t('rentals.products.table') },
            ]}
          />
        </Group>
        {canManage && <Button onClick={() => setEditing(null)}>{t('rentals.products.add')}</Button>}
      </Group>
      <Checkbox
        label={t('rentals.products.showInactive')}
        checked={state.inactive}
        onChange={(e) => update({ inactive: e.currentTarget.checked, page: 1 })}
      />
      <ScreenList
        query={list}
        params={[state, update]}
        cards={state.view === 'cards'}
        loadFailure="rentals.products.loadFailed"
        loadingLabel={t('rentals.loading')}
        columns={columns}
        cardTestId="rental-product-card"
        card={(p) => (
          <Box>
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Text fw={600}>{p.name}</Text>
              <AvailabilityBadge availability={p.availability} />
            </Group>
            <Text size="sm">
              {t('rentals.fields.serialNumber')}: {p.serialNumber}
            </Text>
            <Group gap="xs" my={4}>
              <ConditionBadge condition={p.condition} />
              <Text size="xs">{next(p)}</Text>
            </Group>
            {actions(p)}
          </Box>
        )}
        empty={t('rentals.products.empty')}
      />
      <RentalProductFormModal
        opened={editing !== undefined}
        product={editing ?? null}
        currency={currency}
        onClose={() => setEditing(undefined)}
        catalogProductPicker={catalogProductPicker}
        historyHref={historyHref}
      />
    </Stack>
  );
}
