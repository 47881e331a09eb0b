import { SparePartsScreen } from '../../features/spare-parts/components/spare-parts-screen.tsx';

export default function SparePartsRoute() {
  return <SparePartsScreen />;
}
