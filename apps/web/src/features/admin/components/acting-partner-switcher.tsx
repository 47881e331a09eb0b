import { useEffect, useState } from 'react';
import { ActionIcon, Indicator, Popover, Select } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { getActingPartnerId } from '../../../lib/auth-storage.ts';
import { setDisplayTimeZone } from '../../../lib/time-zone.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useActingPartners } from '../api/list-acting-partners.ts';

/**
 * Global administrators pick the partner they act for; the API client sends it as
 * X-Service-Partner-Id. Switching clears the query cache so no screen shows the last partner's data.
 * On a phone the top bar has no room for a select beside the search box, so it shows an icon
 * button (marked while a partner is chosen) that opens the select in a popover.
 */
export function ActingPartnerSwitcher() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const partners = useActingPartners(true);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [current, setCurrent] = useState<string | null>(getActingPartnerId());
  const [opened, setOpened] = useState(false);

  const choose = (id: string | null) => {
    try {
      if (id === null) window.localStorage.removeItem(STORAGE_KEYS.actingPartner);
      else window.localStorage.setItem(STORAGE_KEYS.actingPartner, id);
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
    // Times follow the chosen partner's zone (decision 029); set before the cleared screens refetch.
    setDisplayTimeZone(partners.data?.find((partner) => partner.id === id)?.timeZone);
    setCurrent(id);
    setOpened(false);
    queryClient.clear();
  };

  // After a reload the stored choice's zone is known once the partner list has loaded.
  const chosenZone = partners.data?.find((partner) => partner.id === current)?.timeZone;
  useEffect(() => {
    if (current !== null) setDisplayTimeZone(chosenZone);
  }, [current, chosenZone]);

  const data = (partners.data ?? []).map((partner) => ({ value: partner.id, label: partner.name }));
  const select: SelectProps = {
    placeholder: t('admin.actingPartner.none'),
    data,
    value: current,
    onChange: choose,
    clearable: true,
    searchable: true,
  };

  if (!phone) {
    return (
      <Select
        {...select}
        aria-label={t('admin.actingPartner.label')}
        size="xs"
        w={{ base: 130, sm: 220 }}
        comboboxProps={{ withinPortal: true }}
        data-testid="acting-partner-switcher"
      />
    );
  }

  const chosen = data.find((option) => option.value === current)?.label ?? t('admin.actingPartner.none');
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={260} shadow="md" trapFocus>
      <Popover.Target>
        <Indicator disabled={current === null} size={8} offset={6} withBorder>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((open) => !open)}
            aria-label={`${t('admin.actingPartner.label')}: ${chosen}`}
            aria-expanded={opened}
            data-testid="acting-partner-switcher"
          >
            <IconBuildingStore size={20} aria-hidden="true" />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        {/* The options stay inside the popover, so picking one is not a click outside it. */}
        <Select {...select} label={t('admin.actingPartner.label')} comboboxProps={{ withinPortal: false }} />
      </Popover.Dropdown>
    </Popover>
  );
}
