import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function CustomersRoute() {
  return <NotBuiltYet titleKey="screens.customers" />;
}
