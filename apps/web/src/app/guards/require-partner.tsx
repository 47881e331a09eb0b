import { lazy, Suspense } from 'react';
import { Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { useHasPartner } from '../../features/auth/hooks/use-acting-partner.ts';

// Only a global administrator without a partner sees the switcher: it loads for them alone (weight).
const ActingPartnerSwitcher = lazy(() =>
  import('../../features/admin/components/acting-partner-switcher.tsx').then((m) => ({
    default: m.ActingPartnerSwitcher,
  })),
);

/**
 * Issue 18: the screens that show one partner's data (orders, customers, technicians, spare parts,
 * rentals, pricing, warehouse locations…) ask a global administrator who has not chosen a partner
 * to choose one, instead of asking the server and showing its 400. One layout route in
 * router.tsx wraps them all; a new partner-scoped screen joins it by being listed under it.
 */
export function RequirePartner({ screen }: { screen?: PartnerScreen }) {
  const user = useCurrentUser();
  const hasPartner = useHasPartner();
  return hasPartner ? <Outlet /> : <ChoosePartner globalAdmin={user.isGlobalAdmin} screen={screen} />;
}

/**
 * A screen the spec gives its own words for the missing partner: Pricing's "No Service Partner"
 * (original spec §6). Such a screen has its own `<RequirePartner screen="…">` route in router.tsx.
 */
export type PartnerScreen = 'pricing';

export function ChoosePartner({
  globalAdmin,
  screen,
}: {
  globalAdmin: boolean;
  screen?: PartnerScreen | undefined;
}) {
  const { t } = useTranslation();
  const title = screen === 'pricing' ? t('a11y.noPartner.pricing.title') : t('a11y.choosePartner.title');
  const text =
    screen === 'pricing'
      ? t('a11y.noPartner.pricing.text')
      : globalAdmin
        ? t('a11y.choosePartner.text')
        : t('a11y.choosePartner.notAssigned');
  return (
    <Stack align="flex-start" gap="md">
      <ThemeIcon size="xl" radius="xl" color="gray" variant="light" aria-hidden="true">
        <IconBuildingStore size={24} />
      </ThemeIcon>
      <PageHeader title={title} />
      <Text>{text}</Text>
      {globalAdmin && screen !== undefined && <Text c="dimmed">{t('a11y.noPartner.pickPartner')}</Text>}
      {globalAdmin && (
        <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
          <ActingPartnerSwitcher inPage />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * A part of a shared screen (a product's orders, a toilet's service history) that shows one
 * partner's data: a global administrator without a partner is asked for one here, in words.
 */
export function ChoosePartnerNote() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="xs">
      <Text c="dimmed">{t('a11y.choosePartner.section')}</Text>
      <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
        <ActingPartnerSwitcher inPage />
      </Suspense>
    </Stack>
  );
}
export default RequirePartner;
