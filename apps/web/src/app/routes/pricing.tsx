import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { PricingPage } from '../../features/pricing/components/pricing-page.tsx';
import { getActingPartnerId } from '../../lib/auth-storage.ts';

export default function PricingRoute() {
  const user = useCurrentUser();
  // A global admin asks anyway: the server answers partner_required until a partner is picked.
  const hasPartner = user.servicePartnerId !== null || user.isGlobalAdmin || getActingPartnerId() !== null;
  return <PricingPage hasPartner={hasPartner} />;
}
