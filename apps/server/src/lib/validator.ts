import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nulPaths, VALIDATION_MESSAGES } from '@service-portal/shared/validation';

/** Reports every NUL-holding string of the input as a validation issue at its path. */
const nulFree = z.unknown().superRefine((value, ctx) => {
  for (const path of nulPaths(value)) {
    ctx.addIssue({ code: 'custom', path, message: VALIDATION_MESSAGES.nulCharacter });
  }
});

/**
 * The zod validator compiler, with one check before every schema of every route: no string of
 * the body, query, params or headers may hold U+0000, which PostgreSQL text cannot store (it
 * answered 500 and logged the query). One place instead of a refinement on each of the shared
 * schemas' strings, so a schema added later cannot forget it (docs/decisions/019).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const guard = zodValidatorCompiler({ ...route, schema: nulFree });
  return (data) => {
    const refused = guard(data) as { error?: unknown };
    if (refused.error) return refused as ReturnType<typeof validate>;
    return validate(data);
  };
};
