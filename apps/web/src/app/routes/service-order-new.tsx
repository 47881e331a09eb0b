import { CreateServiceOrder } from '../../features/service-orders/components/create-service-order.tsx';
import { useTechnicianLookup, useWarehouseLocationLookup } from '../lookups.ts';
import { WithOrderFormSlots } from '../order-form-slots.tsx';

export default function NewServiceOrderRoute() {
  const technicians = useTechnicianLookup();
  const warehouseLocations = useWarehouseLocationLookup();
  return (
    <WithOrderFormSlots>
      <CreateServiceOrder technicians={technicians} warehouseLocations={warehouseLocations} />
    </WithOrderFormSlots>
  );
}
