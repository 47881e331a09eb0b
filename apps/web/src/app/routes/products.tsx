import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function ProductsRoute() {
  return <NotBuiltYet titleKey="screens.products" />;
}
