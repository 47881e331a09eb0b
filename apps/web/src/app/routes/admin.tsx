import { AdminScreen } from '../../features/admin/components/admin-screen.tsx';

export default function AdminRoute() {
  return <AdminScreen />;
}
