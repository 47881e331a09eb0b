import { useEffect, useRef } from 'react';
import { Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@service-portal/shared/limits';
import type { Currency } from '@service-portal/shared/limits';
import type { Money } from '@service-portal/shared/work-logs';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/money.ts';
import { orderTotalsQueryOptions, useOrderTotals } from '../api/get-order-totals.ts';

const amountOf = (list: readonly Money[], currency: Currency) =>
  list.find((m) => m.currency === currency)?.amountMinor ?? 0;

/**
 * Labour (completed work logs) + parts = total, one column per currency; the open logs' estimate
 * apart, since it is not in the total. `orderVersion`: the order's version, so spare-part changes
 * (saved with the order) refresh the totals; work-log changes refresh them from the panel.
 */
export function OrderTotalsCard({ orderId, orderVersion }: { orderId: string; orderVersion?: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const totals = useOrderTotals(orderId);
  const queryClient = useQueryClient();
  const seenVersion = useRef(orderVersion);
  useEffect(() => {
    if (orderVersion === undefined || seenVersion.current === orderVersion) return;
    seenVersion.current = orderVersion;
    void queryClient.invalidateQueries({ queryKey: orderTotalsQueryOptions(orderId).queryKey });
  }, [orderId, orderVersion, queryClient]);

  let body;
  if (totals.isPending) {
    body = <Loader size="sm" aria-label={t('app.loading')} />;
  } else if (totals.isError) {
    body = (
      <Text c="red">{formatMessage(t, apiErrorMessage(totals.error, 'workLogs.totals.loadFailed'))}</Text>
    );
  } else {
    const data = totals.data;
    const currencies = CURRENCIES.filter((c) =>
      [data.labour, data.parts, data.total].some((list) => list.some((m) => m.currency === c)),
    );
    const money = (list: readonly Money[], currency: Currency) =>
      formatMoney(amountOf(list, currency), currency, language);
    body = (
      <Stack gap="xs">
        {currencies.length === 0 ? (
          <Text c="dimmed">{t('workLogs.totals.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={260}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {currencies.map((c) => (
                    <Table.Th key={c} ta="right">
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(
                  [
                    ['labour', data.labour],
                    ['parts', data.parts],
                  ] as const
                ).map(([name, list]) => (
                  <Table.Tr key={name}>
                    <Table.Th scope="row">{t(`workLogs.totals.${name}`)}</Table.Th>
                    {currencies.map((c) => (
                      <Table.Td key={c} ta="right" ff="monospace">
                        {money(list, c)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  <Table.Th scope="row">{t('workLogs.totals.total')}</Table.Th>
                  {currencies.map((c) => (
                    <Table.Td key={c} ta="right" ff="monospace" data-testid={`total-${c}`}>
                      {money(data.total, c)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data.openWorkLogs > 0 && (
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('workLogs.totals.estimate')} · {t('workLogs.totals.openCount', { count: data.openWorkLogs })}
            </Text>
            <Group gap="md" data-testid="totals-estimate">
              {data.labourEstimate.map((m) => (
                <Text key={m.currency} size="sm" ff="monospace">
                  {formatMoney(m.amountMinor, m.currency, language)}
                </Text>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="order-totals-title">
      <Title order={2} size="h4" id="order-totals-title" mb="sm">
        {t('workLogs.totals.title')}
      </Title>
      {body}
    </Card>
  );
}
