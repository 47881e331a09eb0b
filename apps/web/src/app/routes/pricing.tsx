import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { PricingPage } from '../../features/pricing/components/pricing-page.tsx';
import {
  RentalProductName,
  RentalProductSelect,
} from '../../features/rentals/components/rental-product-select.tsx';
import { getActingPartnerId } from '../../lib/auth-storage.ts';

// Rental product prices pick the unit from the rentals feature (issue 18 item 6: no typed UUIDs).
const rentalProducts = {
  picker: (props: Parameters<typeof RentalProductSelect>[0]) => <RentalProductSelect {...props} />,
  name: (id: string) => <RentalProductName id={id} />,
};

export default function PricingRoute() {
  const user = useCurrentUser();
  // A global admin asks anyway: the server answers partner_required until a partner is picked.
  const hasPartner = user.servicePartnerId !== null || user.isGlobalAdmin || getActingPartnerId() !== null;
  return <PricingPage hasPartner={hasPartner} rentalProducts={rentalProducts} />;
}
