import { RentalDashboardScreen } from '../../features/rentals/components/rental-dashboard-screen.tsx';

export default function RentalDashboardRoute() {
  return <RentalDashboardScreen />;
}
