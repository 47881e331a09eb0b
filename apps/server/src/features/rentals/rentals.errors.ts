import { RENTAL_MESSAGES as M } from '@service-portal/shared/rentals';
import { AppError } from '../../errors.ts';
import type { WriteMiss } from './rentals.write-miss.ts';

// The rentals feature's refusals, one wording for units, rentals and reminders.

export function fieldError(path: string, message: string) {
  return new AppError('validation_failed', 400, 'The request is not valid.', { errors: [{ path, message }] });
}
export const versionConflict = (what: string) =>
  new AppError('version_conflict', 409, `The ${what} was changed by someone else. Reload it and try again.`);
export const unavailable = () => new AppError('unit_unavailable', 409, M.unavailable);
export const invalidTransition = (message: string) => new AppError('invalid_transition', 409, message);

export function missError(miss: WriteMiss): AppError {
  if (miss === 'serial_taken')
    return new AppError('serial_taken', 409, M.serialTaken, {
      errors: [{ path: 'serialNumber', message: M.serialTaken }],
    });
  return unavailable();
}
