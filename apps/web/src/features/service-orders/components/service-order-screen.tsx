import { Alert, Button, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccessSubject } from '@service-portal/shared/access';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage, toApiFailure } from '../../../lib/api-errors.ts';
import { useServiceOrder } from '../api/get-service-order.ts';
import type { Lookup } from '../lib/lookups.ts';
import { EditServiceOrder } from './edit-service-order.tsx';

interface ServiceOrderScreenProps {
  id: string;
  actor: AccessSubject;
  technicians: Lookup;
  warehouseLocations: Lookup;
  /**
   * Bumped when the page changed the order outside the form (the "Schedule…" dialog): the form
   * loads the newer copy and keeps what the reader typed on top of it.
   */
  changedElsewhere?: number;
}

/** Loads the order, then hands it to the editor (which keeps its own copy from then on). */
export function ServiceOrderScreen({
  id,
  actor,
  technicians,
  warehouseLocations,
  changedElsewhere = 0,
}: ServiceOrderScreenProps) {
  const { t } = useTranslation();
  const order = useServiceOrder(id);

  if (order.isPending) {
    return (
      <Stack gap="lg" role="status" aria-label={t('serviceOrders.form.loading')}>
        <Skeleton h={32} w={240} />
        {[0, 1, 2].map((key) => (
          <Paper key={key} withBorder radius="md" p="lg">
            <Skeleton h={18} w={200} mb="lg" />
            <Skeleton h={36} mb="sm" />
            <Skeleton h={36} w="60%" />
          </Paper>
        ))}
      </Stack>
    );
  }

  if (order.isError) {
    const failure = toApiFailure(order.error);
    const missing = failure.kind === 'http' && (failure.status === 404 || failure.status === 400);
    return (
      <>
        <PageHeader title={t('screens.serviceOrder')} />
        {missing ? (
          <EmptyState
            py={48}
            icon={<IconFileUnknown size={28} />}
            withIndicatorBackground
            title={t('serviceOrders.form.notFoundTitle')}
            description={t('serviceOrders.form.notFound')}
          >
            <EmptyState.Actions>
              <Button component={Link} to="/service-orders" variant="light">
                {t('serviceOrders.form.backToList')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle size={18} />}
            title={t('errors.loadData')}
          >
            <Stack gap="sm" align="flex-start">
              <Text fz="sm">{formatMessage(t, apiErrorMessage(order.error, 'errors.loadData'))}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void order.refetch()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
      </>
    );
  }

  return (
    <EditServiceOrder
      key={order.data.id}
      order={order.data}
      actor={actor}
      technicians={technicians}
      warehouseLocations={warehouseLocations}
      changedElsewhere={changedElsewhere}
    />
  );
}
