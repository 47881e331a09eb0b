import { Alert, Button } from '@mantine/core';
import { IconAlertCircle, IconShoppingBag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMessage, shopSignInErrorMessage } from '../../../lib/api-errors.ts';
import { useStartShopLogin } from '../api/start-shop-login.ts';

/**
 * "Sign in with Shopify": asks the server for the shop's authorize URL (and a state kept for the
 * callback), then leaves for the shop, which comes back to /auth/callback.
 */
export function ShopSignInButton({ returnUrl, go }: { returnUrl: string; go?: (url: string) => void }) {
  const { t } = useTranslation();
  const start = useStartShopLogin(go);
  return (
    <>
      {start.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {formatMessage(t, shopSignInErrorMessage(start.error))}
        </Alert>
      )}
      <Button
        variant="default"
        fullWidth
        leftSection={<IconShoppingBag size={18} aria-hidden="true" />}
        // Stays busy after success too: the browser is on its way to the shop.
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate(returnUrl)}
      >
        {t('shopAuth.signInWithShopify')}
      </Button>
    </>
  );
}
