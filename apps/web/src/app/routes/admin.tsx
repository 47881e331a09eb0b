import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminScreen } from '../../features/admin/components/admin-screen.tsx';

export default function AdminRoute() {
  const { t } = useTranslation();
  return (
    <>
      <AdminScreen />
      {/* Background jobs are a feature of their own (features/jobs), one level below Administration. */}
      <Group mt="xl">
        <Anchor component={Link} to="/admin/jobs">
          {t('jobs.open')}
        </Anchor>
        {/* Shop sign-in links (features/shop-auth): which shop user signs in as which of ours. */}
        <Anchor component={Link} to="/admin/shop-links">
          {t('shopAuth.links.open')}
        </Anchor>
        {/* Field history across partners (features/history, issue 26). */}
        <Anchor component={Link} to="/admin/history">
          {t('history.search.open')}
        </Anchor>
      </Group>
    </>
  );
}
