import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function TechniciansRoute() {
  return <NotBuiltYet titleKey="screens.technicians" />;
}
