import { useState } from 'react';
import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { getActingPartnerId } from '../../../lib/auth-storage.ts';
import { useActingPartners } from '../api/list-acting-partners.ts';

/**
 * Global administrators pick the partner they act for; the API client sends it as
 * X-Service-Partner-Id. Switching clears the query cache so no screen shows the last partner's data.
 */
export function ActingPartnerSwitcher() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const partners = useActingPartners(true);
  const [current, setCurrent] = useState<string | null>(getActingPartnerId());

  const choose = (id: string | null) => {
    try {
      if (id === null) window.localStorage.removeItem(STORAGE_KEYS.actingPartner);
      else window.localStorage.setItem(STORAGE_KEYS.actingPartner, id);
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
    setCurrent(id);
    queryClient.clear();
  };

  return (
    <Select
      aria-label={t('admin.actingPartner.label')}
      placeholder={t('admin.actingPartner.none')}
      data={(partners.data ?? []).map((partner) => ({ value: partner.id, label: partner.name }))}
      value={current}
      onChange={choose}
      clearable
      searchable
      size="xs"
      w={{ base: 130, sm: 220 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="acting-partner-switcher"
    />
  );
}
