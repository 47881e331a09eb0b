import { PricingPage } from '../../features/pricing/components/pricing-page.tsx';
import {
  RentalProductName,
  RentalProductSelect,
} from '../../features/rentals/components/rental-product-select.tsx';

// Rental product prices pick the unit from the rentals feature (issue 18 item 6: no typed UUIDs).
const rentalProducts = {
  picker: (props: Parameters<typeof RentalProductSelect>[0]) => <RentalProductSelect {...props} />,
  name: (id: string) => <RentalProductName id={id} />,
};

export default function PricingRoute() {
  return <PricingPage rentalProducts={rentalProducts} />;
}
