import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function InfoCenterRoute() {
  return <NotBuiltYet titleKey="screens.infoCenter" />;
}
