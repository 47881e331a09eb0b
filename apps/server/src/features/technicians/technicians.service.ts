import type { TenantScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { TechnicianRow, TechniciansRepository } from './technicians.repository.ts';

export const TECHNICIAN_MESSAGES = {
  notFound: 'Technician not found',
  inactive: 'This technician is inactive',
} as const;

export function createTechniciansService(repo: TechniciansRepository) {
  return {
    /**
     * A new assignment must name an active technician of the caller's partner; anything else is
     * a 400 on the field that named it (another partner's technician looks like an unknown one).
     */
    async assertAssignable(
      scope: TenantScope,
      id: string,
      path = 'assignedTechnicianId',
    ): Promise<TechnicianRow> {
      const technician = await repo.get(scope, id);
      const message = !technician
        ? TECHNICIAN_MESSAGES.notFound
        : !technician.isActive
          ? TECHNICIAN_MESSAGES.inactive
          : null;
      if (message || !technician) {
        throw new AppError('validation_failed', 400, 'The request is not valid.', {
          errors: [{ path, message: message ?? TECHNICIAN_MESSAGES.notFound }],
        });
      }
      return technician;
    },
  };
}

export type TechniciansService = ReturnType<typeof createTechniciansService>;
