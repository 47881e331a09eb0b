import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function SparePartsRoute() {
  return <NotBuiltYet titleKey="screens.spareParts" />;
}
