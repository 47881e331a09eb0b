import { ProductsScreen } from '../../features/products/components/products-screen.tsx';

export default function ProductsRoute() {
  return <ProductsScreen />;
}
