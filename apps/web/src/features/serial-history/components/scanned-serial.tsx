import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/dates.ts';
import { serialHistoryQueryOptions } from '../api/serial-history.ts';
import { earlierOrders } from '../lib/earlier-orders.ts';
import { serialHistoryPath } from './serial-history-link.tsx';

/**
 * What a camera scan of a serial number shows (issue 28 §3): the unit's earlier orders in a dialog
 * at once when it has any, else a quiet line under the field. Loaded on the first scan only, by
 * the route modules. The history is asked once: with no network the question fails at once, so
 * nothing opens minutes later when the network returns.
 */
export function ScannedSerial({ serial, currentOrderId }: { serial: string; currentOrderId?: string }) {
  const { t, i18n } = useTranslation();
  const history = useQuery({ ...serialHistoryQueryOptions(serial), networkMode: 'always', retry: false });
  const orders = history.data ? earlierOrders(history.data.events, currentOrderId) : null;
  const known = orders !== null && orders.length > 0;
  const [state, setState] = useState<'waiting' | 'open' | 'closed'>('waiting');
  // Where focus goes back on closing: what had it when the dialog opened (the scan button). Taken
  // here, once the form has settled after the scan (it may draw the field and its button anew).
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!known || state !== 'waiting') return;
    const timer = setTimeout(() => {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setState('open');
    });
    return () => clearTimeout(timer);
  }, [known, state]);
  if (orders === null) return null;
  if (!known) {
    return (
      <Text size="xs" c="dimmed" role="status">
        {t('serialHistory.scanned.noEarlier', { serial })}
      </Text>
    );
  }
  const close = () => {
    setState('closed');
    if (returnTo.current?.isConnected) returnTo.current.focus();
  };
  return (
    <Modal
      opened={state === 'open'}
      onClose={close}
      returnFocus={false}
      title={t('serialHistory.scanned.title', { serial })}
    >
      <Stack gap="sm">
        <Text size="sm">{t('serialHistory.scanned.intro', { count: orders.length })}</Text>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {orders.map((order) => (
            <li key={order.id} style={{ overflowWrap: 'anywhere' }}>
              <Group gap={6} wrap="wrap">
                <Anchor
                  component={Link}
                  to={`/service-orders/${encodeURIComponent(order.id)}`}
                  onClick={close}
                  fw={600}
                  size="sm"
                >
                  {order.orderNumber}
                </Anchor>
                {order.status !== null && (
                  <Text span size="sm">
                    {t(`serviceOrders.status.${order.status}` as 'serviceOrders.status.created')}
                  </Text>
                )}
              </Group>
              {order.title !== null && <Text size="sm">{order.title}</Text>}
              {order.createdAt !== null && (
                <Text size="xs" c="dimmed">
                  {t('serialHistory.scanned.created', { date: formatDay(order.createdAt, i18n.language) })}
                </Text>
              )}
            </li>
          ))}
        </Stack>
        <Group justify="space-between" wrap="wrap">
          <Anchor component={Link} to={serialHistoryPath(serial)} onClick={close} size="sm">
            {t('serialHistory.scanned.everything')}
          </Anchor>
          <Button variant="default" onClick={close}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
