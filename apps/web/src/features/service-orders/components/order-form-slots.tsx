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

/** A camera scan that filled the serial-number field: its text, and a number new for each scan. */
export interface SerialScan {
  serial: string;
  id: number;
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
  /** The serial number's history link; `scan` is the last camera scan (null until one), so a scan can open more than typing. */
  serialHistoryLink?: (serial: string, scan: SerialScan | null) => ReactNode;
}

const SlotsContext = createContext<OrderFormSlots>({});

export function OrderFormSlotsProvider({ slots, children }: { slots: OrderFormSlots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

export function useOrderFormSlots(): OrderFormSlots {
  return useContext(SlotsContext);
}
