import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function ToiletRoute() {
  return <NotBuiltYet titleKey="screens.toilet" />;
}
