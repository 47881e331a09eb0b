import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/**
 * The deepest JSON body any route takes. The deepest form (a service order's spare-part lines and
 * checkpoints) nests 4 levels; 32 leaves room for every schema to come.
 */
export const JSON_MAX_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The deepest nesting of a JSON text, read in one pass without parsing (brackets inside strings
 * are text). Stops counting once past `limit`: a body of 200,000 `[` costs one short scan.
 */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return deepest;
}

/**
 * JSON bodies are measured before they are parsed: one nested 10,000 levels deep overflowed the
 * stack of the recursive checks after parsing (500, issue 32) and cost time with the square of the
 * depth. Over JSON_MAX_DEPTH the request answers 400 `body_too_deep` before any route, validation
 * or sign-in check runs. Parsing itself stays Fastify's (prototype poisoning refused).
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (jsonDepth(text, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) {
        done(
          new AppError('body_too_deep', 400, `The JSON body is nested deeper than ${JSON_MAX_DEPTH} levels.`),
          undefined,
        );
        return;
      }
      void parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
