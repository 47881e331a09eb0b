import { EmptyState } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The list's empty state, shown on /components and inside the list example on /table-demo. */
export function EmptyStateDemo() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconClipboardList size={28} />}
      variant="light"
      title={t('serviceOrders.list.emptyTitle')}
      description={t('serviceOrders.list.empty')}
    />
  );
}
