import { useState } from 'react';
import { Alert, Button, Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage } from '../../../lib/api-errors.ts';
import { pricingPartnerProblem, usePricing } from '../api/get-pricing.ts';
import { BasicSettingsForm } from './basic-settings-form.tsx';
import { CategoryPricingTab } from './category-pricing-tab.tsx';
import { NoServicePartner } from './no-service-partner.tsx';
import { RentalProductPricingSection, type RentalProductSlots } from './rental-product-pricing-section.tsx';

/** Spec §2 "Pricing": Basic Settings and Category Pricing, plus rental product prices. */
/** `rentalProducts`: the rental units' picker and names, composed by the route module. */
/** Reached only with a partner (the router's `RequirePartner screen="pricing"` says it otherwise). */
export function PricingPage({ rentalProducts }: { rentalProducts?: RentalProductSlots }) {
  const { t } = useTranslation();
  const pricing = usePricing();
  // Bumped after an explicit reload (409): the form starts over from the fresh copy.
  const [generation, setGeneration] = useState(0);

  if (pricing.isPending) return <FullPageLoader label={t('app.loading')} />;
  if (pricing.isError) {
    const problem = pricingPartnerProblem(pricing.error);
    if (problem !== null) return <NoServicePartner partnerRequired={problem === 'partner_required'} />;
    return (
      <Stack>
        <PageHeader title={t('pricing.title')} />
        <Alert color="red" title={t('pricing.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            {formatMessage(t, apiErrorMessage(pricing.error, 'pricing.loadFailed'))}
            <Button size="xs" variant="light" onClick={() => void pricing.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  const config = pricing.data;
  return (
    <Stack gap={0}>
      <PageHeader title={t('pricing.title')} />
      <Tabs defaultValue="basic" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="basic">{t('pricing.tabs.basic')}</Tabs.Tab>
          <Tabs.Tab value="categories">{t('pricing.tabs.categories')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="basic">
          <BasicSettingsForm
            key={`${config.version}:${config.updatedAt ?? ''}:${generation}`}
            config={config}
            onReload={() => void pricing.refetch().then(() => setGeneration((g) => g + 1))}
          />
          <RentalProductPricingSection currency={config.currency} slots={rentalProducts} />
        </Tabs.Panel>
        <Tabs.Panel value="categories">
          <CategoryPricingTab config={config} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
