import { useState } from 'react';
import { Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { workedSecondsOf } from '@service-portal/shared/work-logs';
import type { WorkLog } from '@service-portal/shared/work-logs';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useCostPricing } from '../api/get-cost-pricing.ts';
import { useWorkLogs } from '../api/list-work-logs.ts';
import {
  useCreateWorkLog,
  useDeleteWorkLog,
  useUpdateWorkLog,
  useWorkLogAction,
} from '../api/work-log-mutations.ts';
import { formatElapsed, useNow } from './work-log-format.ts';
import { WorkLogForm, type TechnicianOption } from './work-log-form.tsx';
import { WorkLogItem, previewCost } from './work-log-item.tsx';

type Dialog = { kind: 'edit' | 'delete' | 'complete'; log: WorkLog } | null;

/**
 * The order's work logs (spec §3 "Work log"): list, add, a timer kept by the server (so it survives a
 * reload and shows on every device), edit and delete open logs, and complete them, which freezes
 * time and cost. `canSeePricing`: the reader may read the partner's pricing (managers) for a live
 * cost preview; others see the server's estimate.
 */
export function WorkLogPanel({
  orderId,
  canSeePricing = false,
  technicians = [],
}: {
  orderId: string;
  canSeePricing?: boolean;
  /** The partner's active technicians, to name who did the work. */
  technicians?: readonly TechnicianOption[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const logs = useWorkLogs(orderId);
  const pricing = useCostPricing(canSeePricing);
  const create = useCreateWorkLog(orderId);
  const update = useUpdateWorkLog(orderId);
  const remove = useDeleteWorkLog(orderId);
  const action = useWorkLogAction(orderId);
  const [adding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const running =
    logs.data?.some((log) => log.timerStartedAt !== null && log.manualMinutes === null) ?? false;
  const now = useNow(running);
  const costPricing = pricing.data;

  const fail = (error: unknown, fallback: TranslationKey) => {
    const failure = toApiFailure(error);
    if (failure.kind === 'http' && failure.status === 409) {
      notifications.show({ color: 'yellow', message: t('workLogs.conflict') });
      void logs.refetch();
      return;
    }
    notifications.show({ color: 'red', message: formatMessage(t, apiErrorMessage(error, fallback)) });
  };
  const busyFor = (log: WorkLog) =>
    (action.isPending && action.variables.logId === log.id) ||
    (remove.isPending && remove.variables === log.id);

  const completing = dialog?.kind === 'complete' ? dialog.log : null;
  const completingCost = completing === null ? null : previewCost(completing, now, costPricing);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="work-log-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="work-log-title">
            {t('workLogs.title')}
          </Title>
          {!adding && (
            <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setAdding(true)}>
              {t('workLogs.add')}
            </Button>
          )}
        </Group>

        {adding && (
          <Card withBorder padding="sm" bg="var(--mantine-color-default-hover)">
            <WorkLogForm
              submitLabel={t('workLogs.add')}
              busy={create.isPending}
              offerStart
              technicians={technicians}
              onCancel={() => setAdding(false)}
              onSubmit={(values, startTimer, onError) => {
                create.mutate(
                  { ...values, startTimer },
                  {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: t('workLogs.saved') });
                      setAdding(false);
                    },
                    onError: (error) => {
                      onError(error);
                      fail(error, 'workLogs.saveFailed');
                    },
                  },
                );
              }}
            />
          </Card>
        )}

        {logs.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={t('app.loading')} />
          </Group>
        ) : logs.isError ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="red">
              {formatMessage(t, apiErrorMessage(logs.error, 'workLogs.loadFailed'))}
            </Text>
            <Button size="xs" variant="light" onClick={() => void logs.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        ) : logs.data.length === 0 ? (
          <Text c="dimmed">{t('workLogs.empty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {logs.data.map((log) => (
              <WorkLogItem
                key={log.id}
                log={log}
                now={now}
                pricing={costPricing}
                busy={busyFor(log)}
                onTimer={(which) =>
                  action.mutate(
                    { logId: log.id, action: which },
                    { onError: (error) => fail(error, 'workLogs.timerFailed') },
                  )
                }
                onComplete={() => setDialog({ kind: 'complete', log })}
                onEdit={() => setDialog({ kind: 'edit', log })}
                onDelete={() => setDialog({ kind: 'delete', log })}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <Modal
        opened={dialog?.kind === 'edit'}
        onClose={() => setDialog(null)}
        title={t('workLogs.edit')}
        fullScreen={phone}
      >
        {dialog?.kind === 'edit' && (
          <WorkLogForm
            initial={dialog.log}
            technicians={technicians}
            submitLabel={t('workLogs.save')}
            busy={update.isPending}
            onCancel={() => setDialog(null)}
            onSubmit={(values) =>
              update.mutate(
                { logId: dialog.log.id, body: { ...values, version: dialog.log.version } },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('workLogs.saved') });
                    setDialog(null);
                  },
                  onError: (error) => {
                    if (toApiFailure(error).kind === 'http') setDialog(null);
                    fail(error, 'workLogs.saveFailed');
                  },
                },
              )
            }
          />
        )}
      </Modal>

      <Modal opened={dialog?.kind === 'delete'} onClose={() => setDialog(null)} title={t('workLogs.delete')}>
        <Stack>
          <Text>{t('workLogs.confirmDelete')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('workLogs.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (dialog === null) return;
                remove.mutate(dialog.log.id, {
                  onSuccess: () => notifications.show({ color: 'green', message: t('workLogs.deleted') }),
                  onError: (error) => fail(error, 'workLogs.deleteFailed'),
                  onSettled: () => setDialog(null),
                });
              }}
            >
              {t('workLogs.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={completing !== null} onClose={() => setDialog(null)} title={t('workLogs.completeTitle')}>
        {completing !== null && (
          <Stack>
            <Text data-testid="complete-summary">
              {completingCost === null
                ? t('workLogs.completeNoPricing', { time: formatElapsed(workedSecondsOf(completing, now)) })
                : t('workLogs.completeText', {
                    time: formatElapsed(workedSecondsOf(completing, now)),
                    minutes: completingCost.billedMinutes,
                    cost: formatMoney(completingCost.costMinor, completingCost.currency, language),
                  })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('workLogs.cancel')}
              </Button>
              <Button
                loading={action.isPending}
                onClick={() =>
                  action.mutate(
                    { logId: completing.id, action: 'complete' },
                    {
                      onSuccess: (log) =>
                        notifications.show({
                          color: 'green',
                          message:
                            log.costMinor !== null && log.currency !== null
                              ? `${t('workLogs.completed')}: ${formatMoney(log.costMinor, log.currency, language)}`
                              : t('workLogs.completed'),
                        }),
                      onError: (error) => fail(error, 'workLogs.completeFailed'),
                      onSettled: () => setDialog(null),
                    },
                  )
                }
              >
                {t('workLogs.complete')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
