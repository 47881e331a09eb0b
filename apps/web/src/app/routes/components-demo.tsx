import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function ComponentsDemoRoute() {
  return <NotBuiltYet titleKey="screens.componentsDemo" />;
}
