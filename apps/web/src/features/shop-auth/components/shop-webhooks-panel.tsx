import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  deliveryTopicOf,
  SHOP_WEBHOOK_MESSAGES,
  type ShopWebhookState,
} from '@service-portal/shared/shop-webhooks';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useShopWebhooks } from '../api/shop-webhooks.ts';

const STATE_COLORS: Record<ShopWebhookState, string> = {
  subscribed: 'green',
  other_address: 'yellow',
  missing: 'red',
};

/** The server's message of a failure to ask the shop, as this screen's text. */
function errorKey(error: string) {
  if (error === SHOP_WEBHOOK_MESSAGES.shopAccessRefused) return 'shopAuth.webhooks.accessRefused' as const;
  if (error === SHOP_WEBHOOK_MESSAGES.shopBadAnswer) return 'shopAuth.webhooks.badAnswer' as const;
  return 'shopAuth.webhooks.unavailable' as const;
}

/**
 * The shop administration screen's webhook subscriptions (issue 24): each topic the app needs,
 * its state as the shop lists it now, and whether the app was uninstalled. Read only: the server
 * subscribes what is missing when it starts.
 */
export function ShopWebhooksPanel() {
  const { t, i18n } = useTranslation();
  const query = useShopWebhooks();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="shop-webhooks-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="shop-webhooks-title">
          {t('shopAuth.webhooks.title')}
        </Title>
        {query.isPending && <Text size="sm">{t('shopAuth.webhooks.loading')}</Text>}
        {query.isError && (
          <Alert color="red">
            <Group justify="space-between">
              <Text size="sm">
                {formatMessage(t, apiErrorMessage(query.error, 'shopAuth.webhooks.loadFailed'))}
              </Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {query.data && (
          <>
            <Text size="sm">
              {t('shopAuth.webhooks.address', { address: query.data.address, shop: query.data.shop })}
            </Text>
            {query.data.uninstalledAt !== null && (
              <Alert color="yellow" title={t('shopAuth.webhooks.uninstalledTitle')}>
                {t('shopAuth.webhooks.uninstalled', {
                  at: formatDateTime(query.data.uninstalledAt, i18n.language),
                })}
              </Alert>
            )}
            {query.data.error !== null && <Alert color="red">{t(errorKey(query.data.error))}</Alert>}
            {query.data.topics && (
              // A list, not a table: it fits a phone without a scrolling region.
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {query.data.topics.map((topic) => (
                  <Paper component="li" withBorder p="sm" key={topic.topic} data-testid="shop-webhook-topic">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Text size="sm" ff="monospace">
                        {deliveryTopicOf(topic.topic)}
                      </Text>
                      <Badge color={STATE_COLORS[topic.state]} variant="light">
                        {t(`shopAuth.webhooks.states.${topic.state}`)}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('shopAuth.webhooks.subscriptionCount', { count: topic.subscriptions.length })}
                    </Text>
                    {topic.subscriptions.map((s) => (
                      <Text size="xs" key={s.id} style={{ wordBreak: 'break-all' }}>
                        {s.uri}
                      </Text>
                    ))}
                  </Paper>
                ))}
              </Stack>
            )}
            <Text size="xs" c="dimmed">
              {t('shopAuth.webhooks.checkedAt', { at: formatDateTime(query.data.checkedAt, i18n.language) })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
