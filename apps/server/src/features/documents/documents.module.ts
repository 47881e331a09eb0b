import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import { createDocumentsRepository } from './documents.repository.ts';
import { documentsRoutes } from './documents.routes.ts';
import { createDocumentsService, type FindProductsBySkus } from './documents.service.ts';

const EXTRACT_JOB = 'documents.extract-text';

/**
 * The info center (issue 17): files on the storage integration's ledger; the text of each PDF is
 * read by a job when the file arrives and feeds the search vector. A document's SKU links to the
 * catalogue product that has it. Offers its search source.
 */
export function documentsModule(ctx: ModuleContext, needs: { findProductsBySkus: FindProductsBySkus }) {
  const { config, jobs } = ctx;
  const service = createDocumentsService({
    repo: createDocumentsRepository(ctx.db),
    files: ctx.files,
    maxBytes: config.documents.maxBytes,
    queueExtraction: async (versionId, partnerId) => {
      await jobs.enqueue(
        EXTRACT_JOB,
        { versionId },
        { servicePartnerId: partnerId, uniqueKey: `${EXTRACT_JOB}:${versionId}` },
      );
    },
    findProductsBySkus: needs.findProductsBySkus,
    log: ctx.log,
    now: ctx.now,
  });
  return {
    routes: [documentsRoutes(service, { maxBytes: config.documents.maxBytes })],
    jobs: [
      defineJob<{ versionId: string }>({
        name: EXTRACT_JOB,
        handler: async ({ payload, log }) =>
          log.info({ outcome: await service.extractText(payload.versionId) }, 'document text extracted'),
        options: { retries: 3, backoff: { delayMs: 5_000, factor: 3 } },
      }),
    ],
    offers: {
      search: {
        type: 'Document' as const,
        search: (scope: TenantScope, text: string, limit: number) => service.searchHits(scope, text, limit),
      },
    },
  } satisfies FeatureModule<object>;
}
