import { useState } from 'react';
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../components/lazy-combobox.tsx';
import { useAdminUsers } from '../../features/admin/api/users.ts';
import { ShopLinksScreen } from '../../features/shop-auth/components/shop-links-screen.tsx';
import { ShopWebhooksPanel } from '../../features/shop-auth/components/shop-webhooks-panel.tsx';

/** Our users to link a shop user to, searched on the administration feature's user list. */
function UserPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useAdminUsers({ page: 1, pageSize: 20, ...(debounced ? { search: debounced } : {}) });
  const data = (users.data?.items ?? []).map((u) => ({
    value: u.id,
    label: `${u.firstName} ${u.lastName} <${u.email}>`,
  }));
  return (
    // Mantine's Combobox loads on first use (decision 038).
    <LazySelect
      label={t('shopAuth.links.user')}
      placeholder={t('shopAuth.links.userPlaceholder')}
      data={data}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('shopAuth.links.noUsers')}
      error={error}
      required
    />
  );
}

/** The demo shop (or the configured shop) is the one shop users come from. */
const DEFAULT_SHOP = 'nordic-sanitary-demo.myshopify.com';

/** The shop administration screen: sign-in links, then the webhook subscriptions (issue 24). */
export default function AdminShopLinksRoute() {
  return (
    <>
      <ShopLinksScreen defaultShop={DEFAULT_SHOP} userPicker={(props) => <UserPicker {...props} />} />
      <Box mt="lg">
        <ShopWebhooksPanel />
      </Box>
    </>
  );
}
