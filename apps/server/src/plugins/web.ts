import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { PUBLIC } from '@service-portal/shared/access';
import { sendProblem } from './error-handler.ts';

/**
 * Serves the built web app beside the API on one port. Non-API GETs that match no file get
 * index.html (the SPA decides); unknown /api paths get a problem+json 404.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    const hasWeb = existsSync(path.join(opts.distDir, 'index.html'));
    if (hasWeb) {
      await app.register(async (web) => {
        web.addHook('onRoute', (route) => {
          route.config = { ...(route.config ?? {}), access: PUBLIC };
        });
        await web.register(fastifyStatic, {
          root: opts.distDir,
          wildcard: true,
          index: ['index.html'],
          cacheControl: false,
          // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
          preCompressed: true,
          setHeaders(res, filePath) {
            // Vite's hashed assets never change; index.html must be revalidated on every visit.
            res.setHeader(
              'cache-control',
              filePath.includes(`${path.sep}assets${path.sep}`)
                ? 'public, max-age=31536000, immutable'
                : 'no-cache',
            );
          },
        });
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, 'web app not built; serving the API only');
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.distDir);
      }
      return sendProblem(
        reply,
        404,
        'not_found',
        `No route for ${request.method} ${request.url.split('?')[0]}.`,
      );
    });
  },
  { name: 'web' },
);
