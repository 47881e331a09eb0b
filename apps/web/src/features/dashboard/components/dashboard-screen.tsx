import { lazy, Suspense, type ReactNode } from 'react';
import {
  Anchor,
  Box,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DASHBOARD_PERIODS, type Dashboard, type DashboardPeriod } from '@service-portal/shared/dashboard';
import { WAITING_STATUSES } from '@service-portal/shared/service-orders';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { formatDuration } from '../../../lib/durations.ts';
import { formatPartnerDay } from '../lib/format.ts';
import { completedIn, created, orderListHref } from '../lib/links.ts';

const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

const DASH = '—';

function readPeriod(raw: string | null): DashboardPeriod {
  return DASHBOARD_PERIODS.find((p) => p === raw) ?? 'this_month';
}

/** One figure: its name, its value as a link to the orders it counts, and a line of context. */
function Metric({
  label,
  value,
  href,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  href: string;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed" component="h2" m={0} fw={500}>
        {label}
      </Text>
      <Anchor
        component={Link}
        to={href}
        fz={28}
        fw={700}
        underline="hover"
        c="inherit"
        data-testid={`${testId}-value`}
      >
        {value}
      </Anchor>
      {hint !== undefined && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Spec §2 "Dashboard", with product.md's definitions. The period lives in the URL (?period=). */
export function DashboardScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const period = readPeriod(params.get('period'));
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const dashboard = useDashboard(period);
  const lang = i18n.language;

  const setPeriod = (value: string | null) => {
    const next = readPeriod(value);
    setParams(next === 'this_month' ? {} : { period: next }, { replace: true });
  };
  const periodOptions = DASHBOARD_PERIODS.map((value) => ({ value, label: t(`dashboard.period.${value}`) }));

  const percent = (rate: number | null) =>
    rate === null
      ? DASH
      : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
  const duration = (hours: number | null) => {
    if (hours === null) return DASH;
    return formatDuration(t, hours, lang);
  };

  const selector = phone ? (
    <Select
      label={t('dashboard.period.label')}
      data={periodOptions}
      value={period}
      onChange={setPeriod}
      allowDeselect={false}
      w="100%"
    />
  ) : (
    <Box>
      <Text size="sm" fw={500} id="dashboard-period-label" mb={4}>
        {t('dashboard.period.label')}
      </Text>
      <SegmentedControl
        aria-labelledby="dashboard-period-label"
        data={periodOptions}
        value={period}
        onChange={setPeriod}
      />
    </Box>
  );

  if (dashboard.isError && !dashboard.data) {
    const failure = toApiFailure(dashboard.error);
    // A global administrator who has not named a partner yet: say what to do, not "failed".
    const noPartner = failure.kind === 'http' && failure.problem?.code === 'partner_required';
    return (
      <Stack>
        {selector}
        <LoadErrorAlert
          message={
            noPartner
              ? t('dashboard.choosePartner')
              : formatMessage(t, apiErrorMessage(dashboard.error, 'errors.loadData'))
          }
          onRetry={() => void dashboard.refetch()}
        />
      </Stack>
    );
  }
  const d = dashboard.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {selector}
        {d && (
          <Text size="sm" c="dimmed" data-testid="dashboard-range">
            {t('dashboard.range', {
              from: formatPartnerDay(d.from, lang, d.timeZone),
              to: formatPartnerDay(d.to, lang, d.timeZone),
              timeZone: d.timeZone,
            })}
            {dashboard.isFetching && <Loader size="xs" ml="xs" aria-label={t('app.loading')} />}
          </Text>
        )}
      </Group>
      {!d ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <Box
          style={{ opacity: dashboard.isPlaceholderData ? 0.55 : 1 }}
          aria-busy={dashboard.isPlaceholderData}
        >
          <Figures d={d} percent={percent} duration={duration} />
        </Box>
      )}
      {d && <Technicians d={d} percent={percent} duration={duration} />}
      {d && (
        <Suspense fallback={<Skeleton h={300} radius="md" />}>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <DashboardCharts data={d} />
          </SimpleGrid>
        </Suspense>
      )}
    </Stack>
  );
}

interface Formatters {
  percent: (rate: number | null) => string;
  duration: (hours: number | null) => string;
}

function Figures({ d, percent, duration }: { d: Dashboard } & Formatters) {
  const { t, i18n } = useTranslation();
  const revenue =
    d.revenue.length === 0
      ? DASH
      : d.revenue.map((m) => (
          <span key={m.currency} style={{ display: 'block' }}>
            {formatMoney(m.amountMinor, m.currency, i18n.language)}
          </span>
        ));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }}>
      <Metric
        testId="metric-total"
        label={t('dashboard.metrics.totalOrders')}
        value={d.totalOrders}
        href={orderListHref(created(d))}
        hint={t('dashboard.metrics.totalOrdersHint')}
      />
      <Metric
        testId="metric-waiting"
        label={t('dashboard.metrics.waiting')}
        value={d.waitingForService}
        href={orderListHref({ status: WAITING_STATUSES })}
        hint={t('dashboard.metrics.waitingHint')}
      />
      <Metric
        testId="metric-completion"
        label={t('dashboard.metrics.completionRate')}
        value={percent(d.completionRate)}
        href={orderListHref({ ...created(d), status: ['completed'] })}
        hint={t('dashboard.metrics.completionRateHint', {
          completed: d.completedOrders,
          count: d.countedOrders,
        })}
      />
      <Metric
        testId="metric-resolution"
        label={t('dashboard.metrics.averageResolution')}
        value={duration(d.averageResolutionHours)}
        href={orderListHref(completedIn(d))}
        hint={t('dashboard.metrics.averageResolutionHint', { count: d.resolvedOrders })}
      />
      <Metric
        testId="metric-revenue"
        label={t(
          d.period === 'this_month' ? 'dashboard.metrics.monthlyRevenue' : 'dashboard.metrics.revenue',
        )}
        value={
          <Box fz={d.revenue.length > 1 ? 16 : 20} style={{ overflowWrap: 'anywhere' }}>
            {revenue}
          </Box>
        }
        href={orderListHref(completedIn(d))}
        hint={t('dashboard.metrics.revenueHint')}
      />
    </SimpleGrid>
  );
}

function Technicians({ d, percent, duration }: { d: Dashboard } & Formatters) {
  const { t, i18n } = useTranslation();
  const rating = (value: number | null) =>
    value === null ? DASH : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  return (
    <Card withBorder padding="md" data-testid="technician-table">
      <Title order={2} size="h4" mb="sm">
        {t('dashboard.technicians.title')}
      </Title>
      {d.technicians.length === 0 ? (
        <Text c="dimmed">{t('dashboard.technicians.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('dashboard.technicians.name')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('dashboard.technicians.assigned')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('dashboard.technicians.completed')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('dashboard.technicians.completionRate')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('dashboard.technicians.averageResolution')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('dashboard.technicians.rating')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.technicians.map((row) => (
                <Table.Tr key={row.technicianId}>
                  <Table.Th scope="row" fw={500}>
                    <Anchor component={Link} to={`/technicians/${row.technicianId}`}>
                      {row.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td ta="right">
                    <Anchor
                      component={Link}
                      to={orderListHref({ ...created(d), technician: row.technicianId })}
                      aria-label={t('dashboard.technicians.assignedLink', {
                        name: row.name,
                        count: row.assigned,
                      })}
                    >
                      {row.assigned}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Anchor
                      component={Link}
                      to={orderListHref({
                        ...created(d),
                        technician: row.technicianId,
                        status: ['completed'],
                      })}
                      aria-label={t('dashboard.technicians.completedLink', {
                        name: row.name,
                        count: row.completed,
                      })}
                    >
                      {row.completed}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{percent(row.completionRate)}</Table.Td>
                  <Table.Td ta="right">{duration(row.averageResolutionHours)}</Table.Td>
                  <Table.Td ta="right">{rating(row.rating)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
