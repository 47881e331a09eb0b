import type { FeatureModule } from '../../feature-module.ts';
import { serialHistoryRoutes } from './serial-history.routes.ts';
import {
  createSerialHistoryService,
  type SerialEventProvider,
  type SerialSubjects,
} from './serial-history.service.ts';

/**
 * One unit's history: the unit's orders and rentals (from the service-orders and rentals modules)
 * are read once and handed to every feature's provider (their modules' `serialEvents`).
 */
export function serialHistoryModule(needs: {
  subjects: SerialSubjects;
  providers: readonly SerialEventProvider[];
}) {
  const service = createSerialHistoryService(needs.subjects, needs.providers);
  return { routes: [serialHistoryRoutes(service)], offers: {} } satisfies FeatureModule;
}
