import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC, roles } from '@service-portal/shared/access';
import {
  PARTNER_LOGO_RULES,
  partnerContactInputSchema,
  partnerIdentitySchema,
  partnerLogoParamsSchema,
} from '@service-portal/shared/partner-identity';
import { problemSchema } from '@service-portal/shared/problem';
import { MULTIPART_BODY, partsOf } from '../../lib/multipart.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { PartnerIdentityService } from './partner-identity.service.ts';

const tags = ['partner-identity'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
/** A logo's address changes with every upload, so the file behind one never changes. */
const LOGO_CACHE = 'public, max-age=31536000, immutable';

/** The partner's logo and contact details (decision 077). */
export function partnerIdentityRoutes(service: PartnerIdentityService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: roles('Administrator') };

    r.get(
      '/partner-identity',
      {
        config,
        schema: {
          tags,
          summary:
            "The partner's name, contact details and logo, as customers and the service report see them",
          response: { 200: partnerIdentitySchema, ...read },
        },
      },
      async (request) => service.get(tenantOf(request)),
    );

    r.put(
      '/partner-identity',
      {
        config,
        schema: {
          tags,
          summary: "Set the partner's contact details: phone, e-mail, and optionally address and web site",
          body: partnerContactInputSchema,
          response: { 200: partnerIdentitySchema, ...read },
        },
      },
      async (request) => service.updateContact(tenantOf(request), request.body),
    );

    r.put(
      '/partner-identity/logo',
      {
        config,
        schema: {
          consumes: MULTIPART_BODY,
          tags,
          summary: `Upload the partner's logo (multipart: \`file\`): PNG, JPEG or WebP by content, at most ${PARTNER_LOGO_RULES.maxBytes / 1024 / 1024} MB, stored scaled down to fit ${PARTNER_LOGO_RULES.maxPx} px; replaces the logo before`,
          response: {
            200: partnerIdentitySchema,
            ...read,
            413: problemSchema,
            415: problemSchema,
            507: problemSchema,
          },
        },
      },
      async (request) => service.setLogo(tenantOf(request), partsOf(request)),
    );

    r.delete(
      '/partner-identity/logo',
      {
        config,
        schema: {
          tags,
          summary: "Remove the partner's logo (customers' pages and new reports show the name instead)",
          response: { 200: partnerIdentitySchema, ...read },
        },
      },
      async (request) => service.removeLogo(tenantOf(request)),
    );

    r.get(
      '/partner-logos/:logoId/:file',
      {
        // The id, made at random for each upload, is the access check (decision 077): it names a
        // logo and nothing else, and stops answering once the logo is replaced or removed.
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: "A partner's logo by its public address (from the identity or a customer's page)",
          params: partnerLogoParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await service.openLogo(request.params.logoId, request.params.file);
        reply
          .header('content-type', file.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cross-origin-resource-policy', 'same-site')
          .header('cache-control', LOGO_CACHE);
        return reply.send(file.stream);
      },
    );
  };
}
