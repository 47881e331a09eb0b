import { Anchor, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isAllowed, STAFF_MANAGERS } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import {
  RelatedOrders,
  usePrefetchRelatedOrders,
} from '../../features/service-orders/components/related-orders.tsx';
import { TechnicianDetail } from '../../features/technicians/components/technician-detail.tsx';
import { lazyWhenVisible } from '../../components/lazy-when-visible.tsx';

const TimePerTechnicianCard = lazyWhenVisible(
  () =>
    import('../../features/work-logs/components/time-per-technician-card.tsx').then(
      (m) => m.TimePerTechnicianCard,
    ),
  120,
);

const COLUMNS = ['orderNumber', 'title', 'customer', 'status'] as const;

export default function TechnicianRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const { t } = useTranslation();
  usePrefetchRelatedOrders({ assignedTechnicianId: id });
  return (
    <Stack gap="lg">
      <TechnicianDetail
        key={id}
        id={id}
        canManage={isAllowed(user, STAFF_MANAGERS)}
        workTime={<TimePerTechnicianCard key={`work-time-${id}`} subject={{ technicianId: id }} />}
        orders={({ key, completedOnly, empty }) => (
          <RelatedOrders
            key={key}
            filter={{ assignedTechnicianId: id, ...(completedOnly ? { status: ['completed'] } : {}) }}
            columns={COLUMNS}
            empty={empty}
          />
        )}
      />
      {/* Who changed what on the technician and their days off (the history feature's page). */}
      <Group justify="flex-end">
        <Anchor component={Link} to={`/history/technicians/${id}`}>
          {t('technicians.history')}
        </Anchor>
      </Group>
    </Stack>
  );
}
