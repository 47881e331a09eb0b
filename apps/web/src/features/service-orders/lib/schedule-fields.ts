import { MAX_ORDER_ESTIMATED_MINUTES } from '@service-portal/shared/service-orders';
import { catalogueError } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';

// The order's planning fields (issue 25): read from the form's text, errors as catalogue messages.

const START_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function startTime(text: string, ctx: { errors: FormErrorMap }): string | null {
  const value = text.trim();
  if (value === '') return null;
  if (!START_TIME.test(value))
    ctx.errors.scheduledStart = catalogueError('serviceOrders.schedule.startInvalid');
  return value;
}

/** Whole minutes, at least 1: zero is refused, never counted as "free" on the board. */
export function estimatedMinutes(text: string, ctx: { errors: FormErrorMap }): number | null {
  const value = text.trim();
  if (value === '') return null;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_ORDER_ESTIMATED_MINUTES) {
    ctx.errors.estimatedMinutes = catalogueError('serviceOrders.schedule.estimatedMinutesInvalid');
    return null;
  }
  return minutes;
}
