import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_MANAGERS } from '@service-portal/shared/access';
import {
  categoryPricingInputSchema,
  categoryPricingParamsSchema,
  categoryPricingSchema,
  categoryPricingUpdateSchema,
  PRICING_MESSAGES,
  pricingConfigSchema,
  pricingConfigUpdateSchema,
  rentalProductPricingParamsSchema,
  rentalProductPricingSchema,
  rentalProductPricingUpdateSchema,
} from '@service-portal/shared/pricing';
import { problemSchema } from '@service-portal/shared/problem';
import { problemWith } from '../../lib/problem-responses.ts';
import { AppError } from '../../errors.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { PricingService } from './pricing.service.ts';

const tags = ['pricing'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = {
  ...one,
  409: problemWith({
    duplicate: 'the category has a price already',
    version_conflict: '`version` is not the one last read',
  }),
};

/**
 * Pricing configuration (spec §2 tabs Basic Settings and Category Pricing, §3, §6): Administrator
 * or ServiceManager, and a service partner.
 */
export function pricingRoutes(service: PricingService) {
  return async (app: FastifyInstance) => {
    // Spec §6: pricing without a service partner says "No Service Partner". The auth plugin answers
    // a partnerless user with `user_not_configured` on every partner route; for these routes only,
    // that answer is re-issued with the pricing code and message (the parent handler formats it).
    app.setErrorHandler((error: FastifyError) => {
      if (error instanceof AppError && error.code === 'user_not_configured') {
        throw new AppError('no_service_partner', 403, PRICING_MESSAGES.noServicePartner);
      }
      throw error;
    });

    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: STAFF_MANAGERS };

    r.get(
      '/pricing',
      {
        config,
        schema: {
          tags,
          summary: "The partner's pricing configuration with its category prices (defaults until saved)",
          response: { 200: pricingConfigSchema, ...read },
        },
      },
      async (request) => service.getConfig(tenantOf(request)),
    );

    r.put(
      '/pricing',
      {
        config,
        schema: {
          tags,
          summary: 'Save the basic settings; `version` is the one last read (0 while the defaults show)',
          body: pricingConfigUpdateSchema,
          response: { 200: pricingConfigSchema, ...write },
        },
      },
      async (request) => service.updateConfig(tenantOf(request), request.body),
    );

    // --- category pricing ---------------------------------------------------------------------

    r.get(
      '/pricing/categories',
      {
        config,
        schema: {
          tags,
          summary: 'Prices per work-log category',
          response: { 200: z.array(categoryPricingSchema), ...read },
        },
      },
      async (request) => service.listCategories(tenantOf(request)),
    );

    r.post(
      '/pricing/categories',
      {
        config: { ...config, idempotent: true },
        schema: {
          tags,
          summary:
            'Price a work-log category (hourly with an optional interval, or fixed); 409 if it has one',
          body: categoryPricingInputSchema,
          response: { 201: categoryPricingSchema, ...write },
        },
      },
      async (request, reply) => {
        const created = await service.addCategory(tenantOf(request), request.body);
        return reply.status(201).send(created);
      },
    );

    r.get(
      '/pricing/categories/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One category price',
          params: categoryPricingParamsSchema,
          response: { 200: categoryPricingSchema, ...one },
        },
      },
      async (request) => service.getCategory(tenantOf(request), request.params.id),
    );

    r.put(
      '/pricing/categories/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Change a category price; `version` is the one last read (409 otherwise)',
          params: categoryPricingParamsSchema,
          body: categoryPricingUpdateSchema,
          response: { 200: categoryPricingSchema, ...write },
        },
      },
      async (request) => service.updateCategory(tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      '/pricing/categories/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a category price (the category falls back to the default hourly rate)',
          params: categoryPricingParamsSchema,
          response: { 204: z.null(), ...one },
        },
      },
      async (request, reply) => {
        await service.removeCategory(tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    // --- rental product pricing ------------------------------------------------------------------

    r.get(
      '/pricing/rental-products',
      {
        config,
        schema: {
          tags,
          summary: 'Daily and weekly prices of the rental products that have their own',
          response: { 200: z.array(rentalProductPricingSchema), ...read },
        },
      },
      async (request) => service.listRental(tenantOf(request)),
    );

    r.get(
      '/pricing/rental-products/:rentalProductId',
      {
        config,
        schema: {
          tags,
          summary: "A rental product's own prices (404 when it uses the defaults)",
          params: rentalProductPricingParamsSchema,
          response: { 200: rentalProductPricingSchema, ...one },
        },
      },
      async (request) => service.getRental(tenantOf(request), request.params.rentalProductId),
    );

    r.put(
      '/pricing/rental-products/:rentalProductId',
      {
        config,
        schema: {
          tags,
          summary: 'Set the daily and/or weekly price (null removes one); `version` last read, 0 when none',
          params: rentalProductPricingParamsSchema,
          body: rentalProductPricingUpdateSchema,
          response: { 200: rentalProductPricingSchema, ...write },
        },
      },
      async (request) => service.putRental(tenantOf(request), request.params.rentalProductId, request.body),
    );

    r.delete(
      '/pricing/rental-products/:rentalProductId',
      {
        config,
        schema: {
          tags,
          summary: "Remove a rental product's own prices (it falls back to the defaults)",
          params: rentalProductPricingParamsSchema,
          response: { 204: z.null(), ...one },
        },
      },
      async (request, reply) => {
        await service.removeRental(tenantOf(request), request.params.rentalProductId);
        return reply.status(204).send(null);
      },
    );
  };
}
