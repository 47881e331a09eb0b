import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import type { TranslationKey } from '../../lib/i18n.ts';

const TABS: { path: string; labelKey: TranslationKey }[] = [
  { path: '/rentals', labelKey: 'screens.rentalDashboard' },
  { path: '/rentals/active', labelKey: 'screens.activeRentals' },
  { path: '/rentals/all', labelKey: 'screens.allRentals' },
  { path: '/rentals/products', labelKey: 'screens.rentalProducts' },
];

/** Frame of the nested rental screens (spec §2 "/rentals/*"). */
export default function RentalsRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab.path === pathname.replace(/\/+$/, ''))?.path ?? '/rentals';

  return (
    <>
      <PageHeader title={t('screens.rentals')} />
      <Tabs value={active} onChange={(value) => value !== null && void navigate(value)} mb="md">
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path}>
              {t(tab.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
