import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function WarehouseLocationsRoute() {
  return <NotBuiltYet titleKey="screens.warehouseLocations" />;
}
