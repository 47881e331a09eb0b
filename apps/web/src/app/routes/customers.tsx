import { CustomersScreen } from '../../features/customers/components/customers-screen.tsx';

export default function CustomersRoute() {
  return <CustomersScreen />;
}
