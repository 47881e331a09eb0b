import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import type { FormParams } from '../../integrations/sms/twilio-signature.ts';
import type { CommunicationsService } from './communications.service.ts';

const tags = ['webhooks'];
const formSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .describe('application/x-www-form-urlencoded fields as the provider posts them');
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
/** Long mails without attachments still fit; attachments come multipart, which is not accepted here. */
const EMAIL_BODY_LIMIT = 10 * 1024 * 1024;

/** `a=1&a=2&b=3` → { a: ['1', '2'], b: '3' }, without an inherited prototype to pollute. */
function parseForm(body: string): FormParams {
  const params = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of new URLSearchParams(body)) {
    const seen = params[key];
    params[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}

/**
 * Provider webhooks. They are public routes (the provider has no session) and verify their own
 * signature instead: Twilio's X-Twilio-Signature (403), Mailgun's signed timestamp and token
 * (401). Without the secret configured they answer 503 and store nothing. The form parser is
 * registered in this plugin only, so no other route accepts form bodies.
 */
export function communicationsWebhookRoutes(service: CommunicationsService, options: { publicUrl: string }) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, parseForm(body as string));
      },
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    // An inbound message is the customer's (issue 26: the history names who acted).
    const config = { access: PUBLIC, actor: { kind: 'customer' as const, name: 'Inbound message' } };

    r.post(
      '/webhooks/sms/inbound',
      {
        config,
        schema: {
          tags,
          summary: 'Inbound SMS (Twilio-style, signed with X-Twilio-Signature); answers empty TwiML',
          consumes: ['application/x-www-form-urlencoded'],
          security: [],
          body: formSchema,
          response: { 200: z.string(), 400: problemSchema, 403: problemSchema, 503: problemSchema },
        },
      },
      async (request, reply) => {
        // Twilio signs the URL it called: ours as the public sees it, with the query string.
        const url = `${options.publicUrl}${request.url}`;
        const signature = request.headers['x-twilio-signature'];
        await service.receiveSms(url, request.body, typeof signature === 'string' ? signature : undefined);
        return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
      },
    );

    r.post(
      '/webhooks/email/inbound',
      {
        config,
        bodyLimit: EMAIL_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Inbound e-mail (Mailgun-style form fields, signed timestamp + token)',
          consumes: ['application/x-www-form-urlencoded'],
          security: [],
          body: formSchema,
          response: {
            200: z.object({ result: z.enum(['stored', 'duplicate', 'unmatched']) }),
            401: problemSchema,
            503: problemSchema,
          },
        },
      },
      async (request) => ({ result: await service.receiveEmail(request.body) }),
    );
  };
}
