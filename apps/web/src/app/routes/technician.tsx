import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function TechnicianRoute() {
  return <NotBuiltYet titleKey="screens.technician" />;
}
