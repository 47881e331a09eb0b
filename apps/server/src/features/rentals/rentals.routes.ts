import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, scoped, STAFF_MANAGERS } from '@service-portal/shared/access';
import { imageSchema } from '@service-portal/shared/images';
import { problemSchema } from '@service-portal/shared/problem';
import {
  HANDOVER_UNDO_MINUTES,
  idParamsSchema,
  rentalCreateSchema,
  rentalListQuerySchema,
  rentalListResponseSchema,
  rentalPickupSchema,
  rentalProductInputSchema,
  rentalProductListQuerySchema,
  rentalProductListResponseSchema,
  rentalProductOptionSchema,
  rentalProductSchema,
  rentalProductStatusSchema,
  rentalProductUpdateSchema,
  rentalReturnSchema,
  rentalSchema,
  rentalUpdateSchema,
  rentalVersionSchema,
} from '@service-portal/shared/rentals';
import {
  rentalCalendarQuerySchema,
  rentalCalendarSchema,
  rentalDashboardSchema,
  rentalSettingsSchema,
  rentalSettingsUpdateSchema,
} from '@service-portal/shared/rentals-overview';
import { MULTIPART_BODY, partsOf } from '../../lib/multipart.ts';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { RentalsService } from './rentals.service.ts';

const tags = ['rentals'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = {
  ...one,
  409: problemWith({
    unit_unavailable: 'the unit is rented or booked for some of the dates (database exclusion constraint)',
    unit_not_rentable: 'the unit is inactive or out of order',
    rental_rate_missing: 'no daily or weekly rate in the pricing',
    serial_taken: 'another unit of the partner has the serial number',
    invalid_transition: 'the rental is not in a state that allows this',
    version_conflict: '`version` is not the one last read',
    in_use: 'the unit has rentals (delete)',
  }),
};

/**
 * Spec §2: /rentals/* is for any signed-in user. Decision 026: everyone of the partner reads,
 * rents out, books, hands over at pickup and takes returns (technicians deliver and collect the
 * units); changing or cancelling a rental, managing the units and the reminder settings is for
 * Administrators and ServiceManagers.
 */
export function rentalsRoutes(service: RentalsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const anyone = { access: AUTHENTICATED };
    const managers = { access: STAFF_MANAGERS };
    // Open to API tokens with these scopes (docs/decisions/055-api-tokens.md).
    const rentalsRead = { access: scoped(AUTHENTICATED, 'rentals:read') };
    const rentalsWrite = { access: scoped(AUTHENTICATED, 'rentals:write') };
    const managersWrite = { access: scoped(STAFF_MANAGERS, 'rentals:write') };

    r.get(
      '/rentals/dashboard',
      {
        config: rentalsRead,
        schema: {
          tags,
          summary: "The rental dashboard's figures for the partner's today",
          response: { 200: rentalDashboardSchema, ...read },
        },
      },
      async (request) => service.dashboard(tenantOf(request)),
    );

    r.get(
      '/rentals/calendar',
      {
        config: rentalsRead,
        schema: {
          tags,
          summary: 'Units × days from `from` to `to` (at most 62 days): rented, overdue, booked',
          querystring: rentalCalendarQuerySchema,
          response: { 200: rentalCalendarSchema, ...read },
        },
      },
      async (request) => service.calendar(tenantOf(request), request.query.from, request.query.to),
    );

    r.get(
      '/rentals/settings',
      {
        config: anyone,
        schema: { tags, summary: 'Reminder settings', response: { 200: rentalSettingsSchema, ...read } },
      },
      async (request) => service.getSettings(tenantOf(request)),
    );

    r.put(
      '/rentals/settings',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Change the reminder settings; `version` 0 while none are stored',
          body: rentalSettingsUpdateSchema,
          response: { 200: rentalSettingsSchema, ...write },
        },
      },
      async (request) => service.saveSettings(tenantOf(request), request.body),
    );

    // --- rental products ---------------------------------------------------------------------

    r.get(
      '/rentals/products',
      {
        config: rentalsRead,
        schema: {
          tags,
          summary: 'Rental units: five sorts, page sizes 12/24/48, availability derived',
          querystring: rentalProductListQuerySchema,
          response: { 200: rentalProductListResponseSchema, ...read },
        },
      },
      async (request) => service.listProducts(tenantOf(request), request.query),
    );

    r.get(
      '/rentals/products/options',
      {
        config: rentalsRead,
        schema: {
          tags,
          summary: 'Units for pickers (active ones; all with includeInactive=true)',
          querystring: z.object({
            includeInactive: z
              .enum(['true', 'false'])
              .optional()
              .transform((v) => v === 'true'),
          }),
          response: { 200: z.array(rentalProductOptionSchema), ...read },
        },
      },
      async (request) => service.productOptions(tenantOf(request), request.query.includeInactive),
    );

    r.get(
      '/rentals/products/:id',
      {
        config: rentalsRead,
        schema: {
          tags,
          summary: 'One unit',
          params: idParamsSchema,
          response: { 200: rentalProductSchema, ...one },
        },
      },
      async (request) => service.getProduct(tenantOf(request), request.params.id),
    );

    r.post(
      '/rentals/products',
      {
        config: { ...managers, idempotent: true },
        schema: {
          tags,
          summary: 'Add a unit; the serial number is unique per partner (409 serial_taken)',
          body: rentalProductInputSchema,
          response: { 201: rentalProductSchema, ...write },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createProduct(tenantOf(request), request.body)),
    );

    r.put(
      '/rentals/products/:id',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Change a unit',
          params: idParamsSchema,
          body: rentalProductUpdateSchema,
          response: { 200: rentalProductSchema, ...write },
        },
      },
      async (request) => service.updateProduct(tenantOf(request), request.params.id, request.body),
    );

    r.patch(
      '/rentals/products/:id/status',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Activate or deactivate a unit',
          params: idParamsSchema,
          body: rentalProductStatusSchema,
          response: { 200: rentalProductSchema, ...write },
        },
      },
      async (request) => service.setProductStatus(tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      '/rentals/products/:id',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Delete a unit that was never rented (409 in_use otherwise: deactivate it)',
          params: idParamsSchema,
          response: { 204: z.null(), ...write },
        },
      },
      async (request, reply) => {
        await service.removeProduct(tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    // --- rentals and bookings ----------------------------------------------------------------

    r.get(
      '/rentals',
      {
        config: rentalsRead,
        schema: {
          tags,
          summary:
            'Rentals and bookings: newest/oldest, status (overdue = active past due, today in the partner zone), search',
          querystring: rentalListQuerySchema,
          response: { 200: rentalListResponseSchema, ...read },
        },
      },
      async (request) => service.list(tenantOf(request), request.query),
    );

    r.post(
      '/rentals',
      {
        config: { ...rentalsWrite, idempotent: true },
        schema: {
          tags,
          summary: 'Rent a unit out from today or earlier (409 unit_unavailable when it is taken)',
          body: rentalCreateSchema,
          response: { 201: rentalSchema, ...write },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createRental(tenantOf(request), principalOf(request), request.body)),
    );

    r.post(
      '/rentals/bookings',
      {
        config: { ...rentalsWrite, idempotent: true },
        schema: {
          tags,
          summary: 'Book a unit for future dates (409 unit_unavailable when it is taken)',
          body: rentalCreateSchema,
          response: { 201: rentalSchema, ...write },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createBooking(tenantOf(request), principalOf(request), request.body)),
    );

    r.get(
      '/rentals/:id',
      {
        config: rentalsRead,
        schema: {
          tags,
          summary: 'One rental or booking',
          params: idParamsSchema,
          response: { 200: rentalSchema, ...one },
        },
      },
      async (request) => service.get(tenantOf(request), request.params.id),
    );

    r.put(
      '/rentals/:id',
      {
        config: managersWrite,
        schema: {
          tags,
          summary: 'Change the dates, deposit or notes of a booking or a rental under way',
          params: idParamsSchema,
          body: rentalUpdateSchema,
          response: { 200: rentalSchema, ...write },
        },
      },
      async (request) => service.update(tenantOf(request), request.params.id, request.body),
    );

    r.post(
      '/rentals/:id/pickup',
      {
        config: rentalsWrite,
        schema: {
          tags,
          summary:
            'Hand over a booking: it becomes the rental from its actual start (default: the booked ' +
            'start, or today once begun) and keeps its due date',
          params: idParamsSchema,
          body: rentalPickupSchema,
          response: { 200: rentalSchema, ...write },
        },
      },
      async (request) => service.pickup(tenantOf(request), request.params.id, request.body),
    );

    r.post(
      '/rentals/:id/undo-pickup',
      {
        config: anyone,
        schema: {
          tags,
          summary: `Undo a hand-over: back to the booking it was, within ${HANDOVER_UNDO_MINUTES} minutes and while nothing else happened to it`,
          params: idParamsSchema,
          body: rentalVersionSchema,
          response: { 200: rentalSchema, ...write },
        },
      },
      async (request) => service.undoPickup(tenantOf(request), request.params.id, request.body),
    );

    r.post(
      '/rentals/:id/return',
      {
        config: rentalsWrite,
        schema: {
          tags,
          summary: 'The unit comes back: condition, notes; the charges are computed and frozen',
          params: idParamsSchema,
          body: rentalReturnSchema,
          response: { 200: rentalSchema, ...write },
        },
      },
      async (request) => service.returnRental(tenantOf(request), request.params.id, request.body),
    );

    // --- photos with the return (stored by the images feature's one pipeline) -------------------

    r.get(
      '/rentals/:id/photos',
      {
        config: rentalsRead,
        schema: {
          tags,
          summary: "The rental's photos, oldest first, with signed URLs valid for an hour",
          params: idParamsSchema,
          response: { 200: z.array(imageSchema), ...one },
        },
      },
      async (request) => service.photos(tenantOf(request), request.params.id),
    );

    r.post(
      '/rentals/:id/photos',
      {
        // A retried upload (its answer lost) is replayed, not stored twice (decisions 018, 041).
        config: { ...rentalsWrite, idempotent: true },
        schema: {
          consumes: MULTIPART_BODY,
          tags,
          summary:
            'Add photos of the returned unit (multipart/form-data: `files`, optional `descriptions` one per file). JPEG, PNG or HEIC by content; 10 MB each, 50 MB in all. A rental under way or returned (409 otherwise)',
          params: idParamsSchema,
          response: {
            201: z.array(imageSchema),
            ...write,
            413: problemSchema,
            415: problemSchema,
            507: problemSchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.addPhotos(
              tenantOf(request),
              principalOf(request),
              request.params.id,
              partsOf(request),
            ),
          ),
    );

    r.delete(
      '/rentals/:id/photos/:photoId',
      {
        config: rentalsWrite,
        schema: {
          tags,
          summary: 'Delete a photo of the rental (its files are removed by the clean-up)',
          params: z.object({ id: z.uuid(), photoId: z.uuid() }),
          response: { 204: z.null(), ...one },
        },
      },
      async (request, reply) => {
        await service.removePhoto(tenantOf(request), request.params.id, request.params.photoId);
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/rentals/:id/cancel',
      {
        config: managersWrite,
        schema: {
          tags,
          summary: 'Cancel a booking or a rental under way',
          params: idParamsSchema,
          body: rentalVersionSchema,
          response: { 200: rentalSchema, ...write },
        },
      },
      async (request) => service.cancel(tenantOf(request), request.params.id, request.body),
    );
  };
}
