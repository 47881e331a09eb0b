import { lazy, Suspense, useMemo } from 'react';
import type { ReactNode } from 'react';
import { CataloguePicker, RelatedProductField } from '../features/products/components/catalogue-picker.tsx';
import { SerialHistoryLink } from '../features/serial-history/components/serial-history-link.tsx';
import { OrderFormSlotsProvider } from '../features/service-orders/components/order-form-slots.tsx';
import type { OrderFormSlots } from '../features/service-orders/components/order-form-slots.tsx';

// What a camera scan of the serial number opens loads with the first scan, never with the page.
// Imported here, where the form's other on-demand parts are (the order routes' budgets).
const ScannedSerial = lazy(() =>
  import('../features/serial-history/components/scanned-serial.tsx').then((m) => ({
    default: m.ScannedSerial,
  })),
);

/**
 * The order form's parts from other features: the catalogue picker (related product, spare-part
 * names prefilling SKU, price, currency and supplier) and the serial number's history link, which
 * opens the unit's earlier orders after a camera scan.
 */
const SLOTS: Omit<OrderFormSlots, 'serialHistoryLink'> = {
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
};

/** `orderId`: the order being edited, left out of the earlier orders a scan shows. */
export function WithOrderFormSlots({ orderId, children }: { orderId?: string; children: ReactNode }) {
  const slots = useMemo<OrderFormSlots>(
    () => ({
      ...SLOTS,
      serialHistoryLink: (serial, scan) => (
        <>
          <SerialHistoryLink serial={serial} />
          {/* A scan opens the unit's history while the field holds what was scanned; typing never. */}
          {scan !== null && scan.serial.trim() === serial.trim() && (
            <Suspense fallback={null}>
              <ScannedSerial key={scan.id} serial={serial.trim()} currentOrderId={orderId} />
            </Suspense>
          )}
        </>
      ),
    }),
    [orderId],
  );
  return <OrderFormSlotsProvider slots={slots}>{children}</OrderFormSlotsProvider>;
}
