import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCustomer } from '../../features/customers/api/get-customer.ts';
import { CreateServiceOrder } from '../../features/service-orders/components/create-service-order.tsx';
import { useTechnicianLookup, useWarehouseLocationLookup } from '../lookups.ts';
import { WithOrderFormSlots } from '../order-form-slots.tsx';

export default function NewServiceOrderRoute() {
  const { t } = useTranslation();
  const technicians = useTechnicianLookup();
  const warehouseLocations = useWarehouseLocationLookup();
  // ?customer=<id> (the customer's page, "New order"): the order starts with that customer's details.
  const [searchParams] = useSearchParams();
  const customerId = searchParams.get('customer') ?? '';
  const customer = useCustomer(customerId, customerId !== '');
  if (customerId !== '' && customer.isPending) return <Loader aria-label={t('app.loading')} />;
  const c = customer.data;
  return (
    <WithOrderFormSlots>
      <CreateServiceOrder
        key={c?.id ?? 'blank'}
        technicians={technicians}
        warehouseLocations={warehouseLocations}
        customer={
          c
            ? {
                customerName: c.name,
                customerEmail: c.email ?? '',
                customerPhone: c.phone ?? '',
                customerAddress: c.address ?? '',
              }
            : undefined
        }
      />
    </WithOrderFormSlots>
  );
}
