import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function TableDemoRoute() {
  return <NotBuiltYet titleKey="screens.tableDemo" />;
}
