import { lazy, Suspense } from 'react';
import { Anchor, Group, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAllowed, roles } from '@service-portal/shared/access';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { HistoryRetentionCard } from '../../features/history/components/history-retention-form.tsx';
import { PricingPage } from '../../features/pricing/components/pricing-page.tsx';
import { ReportSettingsCard } from '../../features/service-reports/components/report-settings-card.tsx';
import {
  RentalProductName,
  RentalProductSelect,
} from '../../features/rentals/components/rental-product-select.tsx';

// Rental product prices pick the unit from the rentals feature (issue 18 item 6: no typed UUIDs).
const rentalProducts = {
  picker: (props: Parameters<typeof RentalProductSelect>[0]) => <RentalProductSelect {...props} />,
  name: (id: string) => <RentalProductName id={id} />,
};

// The partner's logo and contact (decision 077): its own chunk, loaded on first use (the pricing
// route is over its bundle ceiling), for Administrators only.
const PartnerIdentityCard = lazy(() =>
  import('../../features/partner-identity/components/partner-identity-card.tsx').then((m) => ({
    default: m.PartnerIdentityCard,
  })),
);

// The partner's alert settings (issue 31 item 12): the page is over its bundle ceiling, so the
// card's code loads after the page's first paint (decision 078).
const AlertSettingsCard = lazy(() =>
  import('../../features/alerts/components/alert-settings-card.tsx').then((m) => ({
    default: m.AlertSettingsCard,
  })),
);

export default function PricingRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Stack gap="lg">
      <PricingPage rentalProducts={rentalProducts} />
      {/* How customers see the partner: logo and contact, Administrators only (decision 077). */}
      {isAllowed(user, roles('Administrator')) && (
        <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
          <PartnerIdentityCard />
        </Suspense>
      )}
      {/* The partner's completion rule for signed service reports (issue 27). */}
      <ReportSettingsCard />
      {/* When an order counts as stalled: every manager reads it, the Administrator sets it. */}
      <Suspense fallback={null}>
        <AlertSettingsCard canEdit={isAllowed(user, roles('Administrator'))} />
      </Suspense>
      {/* Who changed which price (the history feature's page). */}
      <Group justify="flex-end">
        <Anchor component={Link} to="/history/pricing">
          {t('pricing.history')}
        </Anchor>
      </Group>
      {/* The partner's settings page: how long the history is kept (issue 26), Administrators only. */}
      {isAllowed(user, roles('Administrator')) && <HistoryRetentionCard />}
    </Stack>
  );
}
