import '@mantine/charts/styles.css';
import { useId, useState } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Box, Button, Card, Collapse, Group, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard, TrendGroup } from '@service-portal/shared/dashboard';
import { created, groupStatuses, orderListHref } from '../lib/links.ts';
import { formatBucket } from '../lib/format.ts';

// This module is loaded lazily by the dashboard: @mantine/charts and recharts stay out of every
// other route's bundle.

const SERIES: { key: 'total' | TrendGroup; color: string }[] = [
  { key: 'total', color: 'blue.6' },
  { key: 'completed', color: 'teal.6' },
  { key: 'inProgress', color: 'yellow.6' },
  { key: 'pending', color: 'gray.6' },
];

/** A chart card with its data as a table behind a toggle (the chart itself is hidden from screen readers). */
function ChartCard({
  title,
  chart,
  table,
  testId,
}: {
  title: string;
  chart: React.ReactNode;
  table: React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button
          size="xs"
          variant="subtle"
          aria-expanded={open}
          aria-controls={tableId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('dashboard.chart.hideTable') : t('dashboard.chart.showTable')}
        </Button>
      </Group>
      {/* Hidden from assistive technology (the table says the same) and out of the tab order. */}
      <Box aria-hidden="true" inert>
        {chart}
      </Box>
      <Collapse expanded={open} id={tableId}>
        <Table.ScrollContainer minWidth={320} mt="sm">
          {table}
        </Table.ScrollContainer>
      </Collapse>
    </Card>
  );
}

export default function DashboardCharts({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation();
  const label = (key: 'total' | TrendGroup) => t(`dashboard.trend.${key}`);
  const trend = data.trend.map((p) => ({
    ...p,
    label: formatBucket(p.from, data.bucket, i18n.language, data.timeZone),
  }));
  const types = data.serviceTypes.map((s) => ({
    ...s,
    label: t(`serviceOrders.serviceType.${s.serviceType}`),
  }));
  const link = (href: string, value: number, aria: string) => (
    <Anchor component={Link} to={href} aria-label={aria}>
      {value}
    </Anchor>
  );

  return (
    <>
      <ChartCard
        testId="trend-chart"
        title={t('dashboard.trend.title')}
        chart={
          <LineChart
            h={260}
            data={trend}
            dataKey="label"
            series={SERIES.map((s) => ({ name: s.key, color: s.color, label: label(s.key) }))}
            curveType="linear"
            yAxisProps={{ allowDecimals: false }}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            tickLine="none"
            withDots={trend.length <= 31}
          />
        }
        table={
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(`dashboard.bucket.${data.bucket}`)}</Table.Th>
                {SERIES.map((s) => (
                  <Table.Th key={s.key} scope="col" ta="right">
                    {label(s.key)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trend.map((p) => (
                <Table.Tr key={p.from}>
                  <Table.Th scope="row" fw={400}>
                    {p.label}
                  </Table.Th>
                  {SERIES.map((s) => (
                    <Table.Td key={s.key} ta="right">
                      {link(
                        orderListHref({
                          ...created(p),
                          ...(s.key === 'total' ? {} : { status: groupStatuses(s.key) }),
                        }),
                        p[s.key],
                        `${p.label}, ${label(s.key)}: ${p[s.key]}`,
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <ChartCard
        testId="category-chart"
        title={t('dashboard.categories.title')}
        chart={
          <BarChart
            h={220}
            data={types}
            dataKey="label"
            series={[{ name: 'count', color: 'blue.6', label: t('dashboard.categories.count') }]}
            tickLine="none"
            yAxisProps={{ allowDecimals: false }}
          />
        }
        table={
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('dashboard.categories.category')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('dashboard.categories.count')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.map((s) => (
                <Table.Tr key={s.serviceType}>
                  <Table.Th scope="row" fw={400}>
                    {s.label}
                  </Table.Th>
                  <Table.Td ta="right">
                    {link(
                      orderListHref({ ...created(data), serviceType: s.serviceType }),
                      s.count,
                      `${s.label}: ${s.count}`,
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
    </>
  );
}
