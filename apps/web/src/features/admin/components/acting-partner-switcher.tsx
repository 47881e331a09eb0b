import { useEffect, useState } from 'react';
import { ActionIcon, Indicator, Popover, Select } from '@mantine/core';
import type { SelectProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setActingPartnerId } from '../../../lib/auth-storage.ts';
import { setDisplayTimeZone } from '../../../lib/time-zone.ts';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useActingPartnerId } from '../../../lib/use-acting-partner.ts';
import { useActingPartners } from '../api/list-acting-partners.ts';

/**
 * Global administrators pick the partner they act for; the API client sends it as
 * X-Service-Partner-Id. Switching clears the query cache so no screen shows the last partner's data.
 * On a phone the top bar has no room for a select beside the search box, so it shows an icon
 * button (marked while a partner is chosen) that opens the select in a popover. `inPage`: the
 * labelled select a screen shows when it needs a partner first (app/guards/require-partner.tsx).
 */
export function ActingPartnerSwitcher({ inPage = false }: { inPage?: boolean } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const partners = useActingPartners(true);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const current = useActingPartnerId();
  const [opened, setOpened] = useState(false);

  const choose = (id: string | null) => {
    // Times follow the chosen partner's zone (decision 029); set before the cleared screens refetch.
    setDisplayTimeZone(partners.data?.find((partner) => partner.id === id)?.timeZone);
    // Cleared first: no screen may show the last partner's data under the new partner's name.
    queryClient.clear();
    setActingPartnerId(id);
    setOpened(false);
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

  // On a page that asks for a partner: a labelled field in the page's flow.
  if (inPage) {
    return (
      <Select
        {...select}
        label={t('admin.actingPartner.label')}
        w={320}
        maw="100%"
        comboboxProps={{ withinPortal: true }}
      />
    );
  }

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
    <Indicator disabled={current === null} size={8} offset={6} withBorder>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={260} shadow="md" trapFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((open) => !open)}
            aria-label={`${t('admin.actingPartner.label')}: ${chosen}`}
            data-testid="acting-partner-switcher"
          >
            <IconBuildingStore size={20} aria-hidden="true" />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          {/* The options stay inside the popover, so picking one is not a click outside it. */}
          <Select
            {...select}
            label={t('admin.actingPartner.label')}
            comboboxProps={{ withinPortal: false }}
          />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
