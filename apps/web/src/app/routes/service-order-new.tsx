import { CreateServiceOrder } from '../../features/service-orders/components/create-service-order.tsx';
import { useTechnicianLookup, useWarehouseLocationLookup } from '../lookups.ts';

export default function NewServiceOrderRoute() {
  const technicians = useTechnicianLookup();
  const warehouseLocations = useWarehouseLocationLookup();
  return <CreateServiceOrder technicians={technicians} warehouseLocations={warehouseLocations} />;
}
