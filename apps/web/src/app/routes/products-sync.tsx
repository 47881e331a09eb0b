import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export default function ProductSyncRoute() {
  return <NotBuiltYet titleKey="screens.productSync" />;
}
