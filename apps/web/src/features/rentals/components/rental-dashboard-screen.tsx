import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Rental } from '@service-portal/shared/rentals';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useRentalDashboard } from '../api/get-rental-dashboard.ts';
import { RentalStatusBadge } from './rental-badges.tsx';
import { RentalCalendar } from './rental-calendar.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import type { CustomerPickerSlot } from './rental-form.tsx';

// Dialogs load when first opened (issue 18: weight).
const ReturnDialog = lazyDialog(() => import('./return-dialog.tsx').then((m) => m.ReturnDialog), {
  isOpen: (p) => p.rental !== null,
  closed: (p) => ({ ...p, rental: null }),
});
const RentalFormModal = lazyDialog(() => import('./rental-form.tsx').then((m) => m.RentalFormModal));

/** Spec §2 rental dashboard: units, out, overdue, utilisation, revenue, returns due; the calendar. */
/** `customerPicker`: the customers feature's picker for the rental form (composed in app/). */
export function RentalDashboardScreen({ customerPicker }: { customerPicker: CustomerPickerSlot }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dashboard = useRentalDashboard();
  const [returning, setReturning] = useState<Rental | null>(null);
  const [creating, setCreating] = useState<{
    kind: 'rental' | 'booking';
    unit?: string;
    day?: string;
  } | null>(null);

  if (dashboard.isPending) return <Loader aria-label={t('rentals.loading')} />;
  if (dashboard.isError)
    return (
      <Alert color="red" role="alert">
        {formatMessage(t, apiErrorMessage(dashboard.error, 'rentals.dashboard.loadFailed'))}
      </Alert>
    );
  const d = dashboard.data;
  const money = (minor: number) => formatMoney(minor, d.currency, lang);
  const figures: { key: string; label: string; value: string; testId: string }[] = [
    {
      key: 'total',
      label: t('rentals.dashboard.unitsTotal'),
      value: String(d.unitsTotal),
      testId: 'units-total',
    },
    {
      key: 'available',
      label: t('rentals.dashboard.available'),
      value: String(d.available),
      testId: 'units-available',
    },
    { key: 'out', label: t('rentals.dashboard.out'), value: String(d.out), testId: 'units-out' },
    {
      key: 'overdue',
      label: t('rentals.dashboard.overdue'),
      value: String(d.overdue),
      testId: 'rentals-overdue',
    },
    {
      key: 'utilisation',
      label: t('rentals.dashboard.utilisation'),
      value: new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(
        d.utilisation,
      ),
      testId: 'utilisation',
    },
    {
      key: 'revenue',
      label: t('rentals.dashboard.revenue'),
      value: money(d.revenueThisMonth),
      testId: 'revenue',
    },
  ];

  const list = (rows: Rental[], empty: string, testId: string) =>
    rows.length === 0 ? (
      <Text size="sm">{empty}</Text>
    ) : (
      <Table.ScrollContainer minWidth={0} type="native">
        <Table data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rentals.fields.unit')}</Table.Th>
              <Table.Th>{t('rentals.fields.customer')}</Table.Th>
              <Table.Th>{t('rentals.fields.dueDate')}</Table.Th>
              <Table.Th>{t('rentals.fields.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {r.unitName}
                  </Text>
                  <Text size="xs">{r.serialNumber}</Text>
                </Table.Td>
                <Table.Td>{r.customerName}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="wrap">
                    {formatDay(r.dueDate, lang)}
                    <RentalStatusBadge status={r.status} />
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap', width: '1%' }}>
                  <Button
                    size="xs"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    onClick={() => setReturning(r)}
                    aria-label={`${t('rentals.return.action')} ${r.unitName}`}
                  >
                    {t('rentals.return.action')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack>
      <Group justify="flex-end" gap="xs">
        <Button onClick={() => setCreating({ kind: 'rental' })}>{t('rentals.form.newRental')}</Button>
        <Button variant="light" onClick={() => setCreating({ kind: 'booking' })}>
          {t('rentals.form.newBooking')}
        </Button>
      </Group>
      {/* Wrapping boxes, the money one wider (issue 31: the revenue figure was cut at 375 and
          1440 px and in Spanish): each box is at least as wide as its figure. */}
      <Flex wrap="wrap" gap="md">
        {figures.map((f) => (
          <Card
            key={f.key}
            withBorder
            padding="sm"
            style={{ flex: f.key === 'revenue' ? '2 1 15rem' : '1 1 8rem', minWidth: 0 }}
          >
            <Text size="xs" fw={600}>
              {f.label}
            </Text>
            <Text size="xl" fw={700} data-testid={f.testId} style={{ overflowWrap: 'anywhere' }}>
              {f.value}
            </Text>
          </Card>
        ))}
      </Flex>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {t('rentals.dashboard.overdueList', { count: d.overdueList.length })}
          </Title>
          {list(d.overdueList, t('rentals.dashboard.noneOverdue'), 'overdue-list')}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {t('rentals.dashboard.dueThisWeek', { count: d.returnsDueThisWeek.length })}
          </Title>
          {list(d.returnsDueThisWeek, t('rentals.dashboard.noneDue'), 'due-list')}
        </Card>
      </SimpleGrid>
      <Text size="sm">{t('rentals.dashboard.upcomingBookings', { count: d.upcomingBookings })}</Text>
      <Card withBorder>
        <RentalCalendar
          today={d.today}
          onBook={(unit, day) => setCreating({ kind: day === d.today ? 'rental' : 'booking', unit, day })}
        />
      </Card>
      <ReturnDialog rental={returning} today={d.today} onClose={() => setReturning(null)} />
      <RentalFormModal
        customerPicker={customerPicker}
        kind={creating?.kind ?? 'rental'}
        opened={creating !== null}
        onClose={() => setCreating(null)}
        today={d.today}
        currency={d.currency}
        rentalProductId={creating?.unit}
        startDate={creating?.day}
      />
    </Stack>
  );
}
