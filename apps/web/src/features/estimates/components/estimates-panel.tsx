import { useState } from 'react';
import { Accordion, Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Estimate } from '@service-portal/shared/estimates';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { estimateErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { useOrderEstimates, useSendEstimate } from '../api/order-estimates.ts';
import { EstimateComposer, type EstimatePricing, type OrderPartLine } from './estimate-composer.tsx';
import { EstimateDetails, EstimateStatusBadge } from './estimate-details.tsx';

/** Sent, opened, answered: what happened to a version, in the partner's zone. */
function Trail({ estimate }: { estimate: Estimate }) {
  const { t, i18n } = useTranslation();
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Stack gap={2}>
      <Text size="sm">
        {t('estimates.validThrough', { day: formatDay(estimate.validUntil, i18n.language) })}
      </Text>
      {estimate.sentAt && estimate.sentVia && (
        <Text size="sm">
          {t('estimates.sentAt', { time: at(estimate.sentAt), via: t(`estimates.via.${estimate.sentVia}`) })}
        </Text>
      )}
      {estimate.openedAt && <Text size="sm">{t('estimates.openedAt', { time: at(estimate.openedAt) })}</Text>}
      {estimate.status === 'approved' && estimate.decidedAt && (
        <Alert color="green" p="xs">
          {t('estimates.approvedBy', { name: estimate.approvedName ?? '', time: at(estimate.decidedAt) })}
        </Alert>
      )}
      {estimate.status === 'declined' && estimate.decidedAt && (
        <Alert color="red" p="xs">
          <Text size="sm">{t('estimates.declinedAt', { time: at(estimate.decidedAt) })}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {estimate.declineComment}
          </Text>
        </Alert>
      )}
      {estimate.noteToCustomer && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {estimate.noteToCustomer}
        </Text>
      )}
    </Stack>
  );
}

function SendButtons({
  orderId,
  estimate,
  onSent,
}: {
  orderId: string;
  estimate: Estimate;
  onSent?: (orderId: string) => void;
}) {
  const { t } = useTranslation();
  const send = useSendEstimate(onSent);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {(['email', 'sms'] as const).map((method) => (
          <Button
            key={method}
            size="xs"
            loading={send.isPending && send.variables.body.method === method}
            disabled={send.isPending}
            onClick={() => send.mutate({ orderId, estimateId: estimate.id, body: { method } })}
          >
            {t(`estimates.sendBy.${method}`)}
          </Button>
        ))}
      </Group>
      {send.isError && (
        <Alert color="red" role="alert">
          {formatMessage(t, estimateErrorMessage(send.error, 'estimates.sendFailed'))}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The order's estimates for staff (issue 27): compose and preview a version, send it by e-mail or
 * SMS with a status link, see the customer's answer; older versions stay readable.
 */
export function EstimatesPanel({
  orderId,
  pricing,
  parts,
  onSent,
}: {
  orderId: string;
  /** Null while the pricing cannot be read: the list still shows, composing waits. */
  pricing: EstimatePricing | null;
  parts: readonly OrderPartLine[];
  onSent?: (orderId: string) => void;
}) {
  const { t } = useTranslation();
  const estimates = useOrderEstimates(orderId);
  const [composing, setComposing] = useState<{ from?: Estimate; draftId?: string } | null>(null);

  const body = () => {
    if (estimates.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
    if (estimates.isError)
      return <LoadErrorAlert message={t('errors.loadData')} onRetry={() => void estimates.refetch()} />;
    const [newest, ...older] = estimates.data;
    return (
      <Stack gap="sm">
        {composing && pricing && (
          <EstimateComposer
            key={composing.draftId ?? composing.from?.id ?? 'new'}
            orderId={orderId}
            pricing={pricing}
            parts={parts}
            from={composing.from}
            draftId={composing.draftId}
            onDone={() => setComposing(null)}
          />
        )}
        {newest === undefined ? (
          !composing && <Text c="dimmed">{t('estimates.empty')}</Text>
        ) : (
          <Card withBorder>
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{t('estimates.version', { version: newest.version })}</Text>
                <EstimateStatusBadge status={newest.status} superseded={newest.superseded} />
              </Group>
              <EstimateDetails estimate={newest} />
              <Trail estimate={newest} />
              {newest.status === 'draft' && !composing && (
                <Group gap="xs">
                  <SendButtons orderId={orderId} estimate={newest} onSent={onSent} />
                  {pricing && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setComposing({ from: newest, draftId: newest.id })}
                    >
                      {t('estimates.editDraft')}
                    </Button>
                  )}
                </Group>
              )}
              {newest.status !== 'draft' && !composing && pricing && (
                <Group>
                  <Button size="xs" variant="light" onClick={() => setComposing({ from: newest })}>
                    {t('estimates.change')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        )}
        {older.length > 0 && (
          <Accordion variant="separated">
            {older.map((e) => (
              <Accordion.Item key={e.id} value={e.id}>
                <Accordion.Control>
                  <Group gap="xs">
                    <Text size="sm">{t('estimates.version', { version: e.version })}</Text>
                    <EstimateStatusBadge status={e.status} superseded={e.superseded} />
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <EstimateDetails estimate={e} />
                  <Trail estimate={e} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    );
  };

  return (
    <Card withBorder component="section" aria-labelledby={`estimates-${orderId}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={`estimates-${orderId}`}>
            {t('estimates.title')}
          </Title>
          {!composing && pricing && estimates.data?.[0]?.status !== 'draft' && (
            <Button size="xs" onClick={() => setComposing({})}>
              {t('estimates.new')}
            </Button>
          )}
          {composing && (
            <Button size="xs" variant="subtle" onClick={() => setComposing(null)}>
              {t('estimates.cancel')}
            </Button>
          )}
        </Group>
        {body()}
      </Stack>
    </Card>
  );
}
