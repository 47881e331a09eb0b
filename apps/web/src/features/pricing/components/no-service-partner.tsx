import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

/** Spec §6: pricing without a service partner. A global admin sees how to get one (pick a partner). */
export function NoServicePartner({ partnerRequired = false }: { partnerRequired?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="md">
      <ThemeIcon size="xl" radius="xl" color="gray" variant="light" aria-hidden="true">
        <IconBuildingStore size={24} />
      </ThemeIcon>
      <PageHeader title={t('pricing.noPartner.title')} />
      <Text>{t('pricing.noPartner.text')}</Text>
      {partnerRequired && <Text c="dimmed">{t('pricing.noPartner.pickPartner')}</Text>}
    </Stack>
  );
}
