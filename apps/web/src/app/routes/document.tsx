import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function DocumentRoute() {
  return <NotBuiltYet titleKey="screens.document" />;
}
