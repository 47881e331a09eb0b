import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

/** What a catalogue pick prefills on an order (a product, a spare-part line). */
export interface CataloguePick {
  productId: string;
  name: string;
  sku: string | null;
  unitPriceMinor: number | null;
  currency: string;
  supplier: string | null;
}

/**
 * Parts of the order form that other features draw (the route module fills them; features do not
 * import each other): the catalogue picker for the related product and the spare-part names, and
 * the link to a serial number's service history. Without a provider the plain inputs stay.
 */
export interface OrderFormSlots {
  relatedProduct?: (field: {
    value: string | null;
    onChange: (productId: string | null) => void;
  }) => ReactNode;
  partName?: (field: {
    label: string;
    /** The line's name input (Mantine's uncontrolled input props, key included by the caller). */
    inputProps: Record<string, unknown>;
    onPick: (pick: CataloguePick) => void;
  }) => ReactNode;
  serialHistoryLink?: (serial: string) => ReactNode;
}

const SlotsContext = createContext<OrderFormSlots>({});

export function OrderFormSlotsProvider({ slots, children }: { slots: OrderFormSlots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

export function useOrderFormSlots(): OrderFormSlots {
  return useContext(SlotsContext);
}
