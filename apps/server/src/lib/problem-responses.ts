import type { ErrorCode } from '@service-portal/shared/problem';
import { problemSchema } from '@service-portal/shared/problem';
import { z } from 'zod/mini';

/**
 * A problem+json response whose OpenAPI description names the codes a route answers with and
 * when: `problemWith({ email_taken: 'another customer has the e-mail' })`. The schema stays the
 * catalogue's (any code serialises); only the documentation is narrowed.
 */
export function problemWith(codes: Partial<Record<ErrorCode, string>>): typeof problemSchema {
  const lines = Object.entries(codes).map(([code, when]) => `\`${code}\`: ${when}`);
  // problemSchema is a zod/mini schema (decision 032): a described copy, as classic `.describe()` makes.
  return problemSchema.check(z.describe(lines.join('; ')));
}
