import type { ReactNode } from 'react';
import { CataloguePicker, RelatedProductField } from '../features/products/components/catalogue-picker.tsx';
import { SerialHistoryLink } from '../features/serial-history/components/serial-history-link.tsx';
import { OrderFormSlotsProvider } from '../features/service-orders/components/order-form-slots.tsx';
import type { OrderFormSlots } from '../features/service-orders/components/order-form-slots.tsx';

/**
 * The order form's parts from other features: the catalogue picker (related product, spare-part
 * names prefilling SKU, price, currency and supplier) and the serial number's history link.
 */
const SLOTS: OrderFormSlots = {
  relatedProduct: ({ value, onChange }) => <RelatedProductField value={value} onChange={onChange} />,
  partName: ({ label, inputProps, onPick }) => {
    const { key, ...props } = inputProps as { key: string } & Record<string, unknown>;
    return (
      <CataloguePicker
        key={key}
        label={label}
        {...props}
        onPick={(hit) =>
          onPick({
            productId: hit.productId,
            name: hit.name,
            sku: hit.sku,
            unitPriceMinor: hit.unitPriceMinor,
            currency: hit.currency,
            supplier: hit.supplier,
          })
        }
      />
    );
  },
  serialHistoryLink: (serial) => <SerialHistoryLink serial={serial} />,
};

export function WithOrderFormSlots({ children }: { children: ReactNode }) {
  return <OrderFormSlotsProvider slots={SLOTS}>{children}</OrderFormSlotsProvider>;
}
