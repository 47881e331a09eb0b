import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function CustomerRoute() {
  return <NotBuiltYet titleKey="screens.customer" />;
}
