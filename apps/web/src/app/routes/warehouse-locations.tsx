import { WarehouseLocationsScreen } from '../../features/warehouse-locations/components/warehouse-locations-screen.tsx';

export default function WarehouseLocationsRoute() {
  return <WarehouseLocationsScreen />;
}
