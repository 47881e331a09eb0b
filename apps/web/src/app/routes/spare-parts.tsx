import { SparePartsScreen } from '../../features/spare-parts/components/spare-parts-screen.tsx';
import { ShopOrderAction } from '../../features/shop-orders/components/shop-order-action.tsx';

export default function SparePartsRoute() {
  return (
    <SparePartsScreen
      // Each order on the page can be ordered from the shop (features/shop-orders).
      orderAction={(order, pageOrderIds) => (
        <ShopOrderAction
          serviceOrderId={order.id}
          orderNumber={order.orderNumber}
          pageOrderIds={pageOrderIds}
          compact
        />
      )}
    />
  );
}
