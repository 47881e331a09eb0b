import type { ErrorCode } from '@service-portal/shared/problem';
import { problemSchema } from '@service-portal/shared/problem';

/**
 * A problem+json response whose OpenAPI description names the codes a route answers with and
 * when: `problemWith({ email_taken: 'another customer has the e-mail' })`. The schema stays the
 * catalogue's (any code serialises); only the documentation is narrowed.
 */
export function problemWith(codes: Partial<Record<ErrorCode, string>>): typeof problemSchema {
  const lines = Object.entries(codes).map(([code, when]) => `\`${code}\`: ${when}`);
  return problemSchema.describe(lines.join('; '));
}
