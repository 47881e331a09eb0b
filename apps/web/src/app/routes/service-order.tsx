import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function ServiceOrderRoute() {
  return <NotBuiltYet titleKey="screens.serviceOrder" />;
}
