import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function ComponentsRoute() {
  return <NotBuiltYet titleKey="screens.components" />;
}
