import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function NewServiceOrderRoute() {
  return <NotBuiltYet titleKey="screens.newServiceOrder" />;
}
