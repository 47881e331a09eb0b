import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  defaultMergeSide,
  type Customer,
  type CustomerMergeField,
  type CustomerMergePreview,
  type MergeSide,
} from '@service-portal/shared/customers';
import { codeMessage, formatMessage, problemMessage } from '../../../lib/api-errors.ts';
import { useMergeCustomer, useMergePreview } from '../api/merge-customer.ts';

const FIELD_LABELS = {
  name: 'customers.fields.name',
  email: 'customers.fields.email',
  phone: 'customers.fields.phone',
  address: 'customers.fields.address',
  notes: 'customers.fields.notes',
} as const;

const MOVE_LABELS = {
  serviceOrders: 'customers.merge.moves.serviceOrders',
  communications: 'customers.merge.moves.communications',
  rentals: 'customers.merge.moves.rentals',
} as const;

function RecordCard({ title, customer }: { title: string; customer: Customer }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {title}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {customer.name}
      </Text>
      {(['email', 'phone', 'address'] as const).map((field) => (
        <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {customer[field] ?? '—'}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        {t('customers.orderCounts', { count: customer.orderCount })}
      </Text>
    </Card>
  );
}

/** The preview and the choices, once loaded: the survivor's values by default (decision 079). */
function MergeChoices({
  preview,
  onSwap,
  onClose,
  onStale,
}: {
  preview: CustomerMergePreview;
  onSwap: () => void;
  onClose: () => void;
  /** Either record changed since the preview: it loads again and the choices start over. */
  onStale: (message: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merge = useMergeCustomer();
  const { survivor, source } = preview;
  const [take, setTake] = useState<Partial<Record<CustomerMergeField, MergeSide>>>(() =>
    Object.fromEntries(preview.differing.map((f) => [f, defaultMergeSide(f, survivor, source)])),
  );
  const [error, setError] = useState<string | null>(null);
  const moving = preview.moves.filter((m) => m.count > 0);

  const confirm = () => {
    setError(null);
    merge.mutate(
      {
        targetId: survivor.id,
        merge: { sourceId: source.id, version: survivor.version, sourceVersion: source.version, take },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('customers.merge.done') });
          onClose();
          void navigate(`/customers/${survivor.id}`);
        },
        onError: (e) => {
          const message = formatMessage(t, problemMessage(e, 'customers.merge.failed', 'customerMerge'));
          if (codeMessage(e, 'customerMerge')?.code === 'version_conflict') onStale(message);
          else setError(message);
        },
      },
    );
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RecordCard title={t('customers.merge.keeps')} customer={survivor} />
        <RecordCard title={t('customers.merge.retires')} customer={source} />
      </SimpleGrid>
      <Button variant="subtle" onClick={onSwap} style={{ alignSelf: 'flex-start' }}>
        {t('customers.merge.swap')}
      </Button>
      {preview.differing.length === 0 ? (
        <Text size="sm">{t('customers.merge.sameFields')}</Text>
      ) : (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('customers.merge.chooseFields')}
          </Title>
          {preview.differing.map((field) => (
            // Native radios: keyboard and screen readers as usual, and no extra Mantine chunk on
            // every screen (scripts/bundle-budget.mjs).
            <fieldset key={field} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              <Text component="legend" size="sm" fw={500} p={0}>
                {t(FIELD_LABELS[field])}
              </Text>
              <Stack gap={6} mt={6}>
                {(['survivor', 'source'] as const).map((side) => {
                  const value = (side === 'survivor' ? survivor : source)[field];
                  return (
                    <label
                      key={side}
                      style={{ display: 'flex', gap: 8, alignItems: 'flex-start', cursor: 'pointer' }}
                    >
                      <input
                        type="radio"
                        name={`merge-${field}`}
                        value={side}
                        checked={(take[field] ?? 'survivor') === side}
                        onChange={() => setTake((current) => ({ ...current, [field]: side }))}
                        style={{ marginTop: 3 }}
                      />
                      <span style={{ minWidth: 0 }}>
                        <Text size="sm" component="span" display="block" style={{ overflowWrap: 'anywhere' }}>
                          {value ?? t('customers.merge.empty')}
                        </Text>
                        <Text size="xs" c="dimmed" component="span" display="block">
                          {t(
                            side === 'survivor' ? 'customers.merge.fromKept' : 'customers.merge.fromRetired',
                          )}
                        </Text>
                      </span>
                    </label>
                  );
                })}
              </Stack>
            </fieldset>
          ))}
        </Stack>
      )}
      <div>
        <Title order={3} size="h5" mb={4}>
          {t('customers.merge.movesTitle', { name: survivor.name })}
        </Title>
        {moving.length === 0 ? (
          <Text size="sm">{t('customers.merge.nothingMoves')}</Text>
        ) : (
          <List size="sm">
            {moving.map((m) => (
              <List.Item key={m.kind}>{t(MOVE_LABELS[m.kind], { count: m.count })}</List.Item>
            ))}
          </List>
        )}
      </div>
      <Alert color="orange">{t('customers.merge.irreversible', { name: source.name })}</Alert>
      {error !== null && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" wrap="wrap">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="orange" loading={merge.isPending} onClick={confirm}>
          {t('customers.merge.confirmAction')}
        </Button>
      </Group>
    </Stack>
  );
}

function PreviewBody({
  survivorId,
  sourceId,
  onSwap,
  onClose,
}: {
  survivorId: string;
  sourceId: string;
  onSwap: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const preview = useMergePreview(survivorId, sourceId);
  const [stale, setStale] = useState<string | null>(null);
  if (preview.isError)
    return (
      <Stack>
        <Alert color="red" role="alert">
          {formatMessage(t, problemMessage(preview.error, 'customers.merge.previewFailed', 'customerMerge'))}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void preview.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Stack>
    );
  if (!preview.data) return <Loader aria-label={t('customers.merge.previewLoading')} />;
  // A new key per preview: the choices start from the defaults of the records as they are now.
  return (
    <Stack>
      {stale !== null && (
        <Alert color="yellow" role="alert">
          {stale}
        </Alert>
      )}
      <MergeChoices
        key={`${preview.data.survivor.id}:${preview.data.survivor.version}:${preview.data.source.version}`}
        preview={preview.data}
        onSwap={onSwap}
        onClose={onClose}
        // The merge's settling refetches every customer query, this preview included.
        onStale={setStale}
      />
    </Stack>
  );
}

/**
 * "Merge with…" (issue 31 item 10): both records side by side, a choice per differing field, what
 * moves, then one confirmed merge. Loads on first opening (lazyDialog).
 */
export function MergePreviewDialog({
  opened,
  onClose,
  targetId,
  otherId,
}: {
  opened: boolean;
  onClose: () => void;
  /** The customer whose page this is (kept by default). */
  targetId: string;
  /** The customer picked to merge with it. */
  otherId: string;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [swapped, setSwapped] = useState(false);
  const survivorId = swapped ? otherId : targetId;
  const sourceId = swapped ? targetId : otherId;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('customers.merge.confirmTitle')}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && otherId !== '' && (
        <PreviewBody
          key={`${survivorId}:${sourceId}`}
          survivorId={survivorId}
          sourceId={sourceId}
          onSwap={() => setSwapped((s) => !s)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
