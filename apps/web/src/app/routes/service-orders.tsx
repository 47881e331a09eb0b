import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function ServiceOrdersRoute() {
  return <NotBuiltYet titleKey="screens.serviceOrders" />;
}
