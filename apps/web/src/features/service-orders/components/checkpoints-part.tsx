import { LazyWhenVisible } from '../../../components/lazy-when-visible.tsx';
import type { ServiceOrderForm } from '../hooks/use-service-order-form.ts';

const loadCheckpoints = () => import('./checkpoints-section.tsx').then((m) => m.CheckpointsSection);

/**
 * The checkpoints (about twenty questions below the order's details and parts) load when the reader
 * scrolls or tabs near them (issue 18: weight). Their answers live in the form either way, so
 * autosave and validation do not depend on the section being shown.
 */
export function CheckpointsPart({ form }: { form: ServiceOrderForm }) {
  return <LazyWhenVisible load={loadCheckpoints} props={{ form }} minHeight={900} />;
}
