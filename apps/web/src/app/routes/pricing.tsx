import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function PricingRoute() {
  return <NotBuiltYet titleKey="screens.pricing" />;
}
