import type { ErrorCode } from '@service-portal/shared/problem';

/** The one error type services throw; the error handler turns it into problem+json. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly extra: {
      errors?: { path: string; message: string }[];
      headers?: Record<string, string>;
      /** More members of the problem body (e.g. the schedule's `card`); the route's schema says which. */
      fields?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', 404, `${what} not found.`);
export const forbidden = (message = "You don't have permission to access this page.") =>
  new AppError('forbidden', 403, message);
export const unauthenticated = (message = 'Authentication required.') =>
  new AppError('unauthenticated', 401, message);
