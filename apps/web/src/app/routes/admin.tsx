import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function AdminRoute() {
  return <NotBuiltYet titleKey="screens.administration" />;
}
