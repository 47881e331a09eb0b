import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createServiceReportsRepository } from './service-reports.repository.ts';
import { serviceReportsRoutes } from './service-reports.routes.ts';
import {
  createCompletionGate,
  createServiceReportsService,
  type PartnerContactPort,
  type PartnerLogo,
  type ReportEvents,
  type ReportLinks,
  type ReportOrders,
  type ReportPhotos,
  type ReportPricing,
  type ReportWorkLogs,
} from './service-reports.service.ts';

/**
 * The completion rule service orders ask (signature required and report unsigned = 409), over this
 * feature's tables, made before service orders so no cycle forms (decision 013).
 */
export function serviceReportsReadPort(ctx: ModuleContext) {
  return createCompletionGate(createServiceReportsRepository(ctx.db));
}

/** Issue 27 part 2: the signed service report (decision 060). */
export function serviceReportsModule(
  ctx: ModuleContext,
  needs: {
    orders: ReportOrders;
    workLogs: ReportWorkLogs;
    photos: ReportPhotos;
    pricing: ReportPricing;
    links: ReportLinks;
    logo?: PartnerLogo;
    contact?: PartnerContactPort;
    /** Webhooks out: the outbox port (`report.signed`, in the signing transaction). */
    events?: ReportEvents;
  },
) {
  const service = createServiceReportsService({
    repo: createServiceReportsRepository(ctx.db),
    ...needs,
    files: ctx.files,
    outbox: ctx.outbox,
    now: ctx.now,
  });
  return { routes: [serviceReportsRoutes(service)], offers: {} } satisfies FeatureModule<object>;
}
