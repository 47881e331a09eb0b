import { RentalDashboardScreen } from '../../features/rentals/components/rental-dashboard-screen.tsx';
import { customerPicker } from '../rental-slots.tsx';

export default function RentalDashboardRoute() {
  return <RentalDashboardScreen customerPicker={customerPicker} />;
}
