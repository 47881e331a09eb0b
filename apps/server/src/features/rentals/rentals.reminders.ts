import type { ReminderKind, ReminderMethod } from '@service-portal/shared/rentals';
import type { RentalSettings } from '@service-portal/shared/rentals-overview';
import { languageForPhone } from '@service-portal/shared/upload-links';
import type { TenantScope } from '../../db/tenant.ts';
import { versionConflict } from './rentals.errors.ts';
import { reminderMessage } from './rentals.messages.ts';
import type { ReminderSender } from './rentals.ports.ts';
import type { RentalsRepository } from './rentals.repository.ts';

/**
 * The rentals' reminders (product.md "Rentals"): the partner's settings, and the hourly job's
 * sending of "due soon" and "overdue" messages through the communications feature.
 */
export function createRentalReminders(deps: {
  repo: RentalsRepository;
  messages: ReminderSender;
  now: () => Date;
}) {
  const { repo, now } = deps;
  return {
    getSettings: (scope: TenantScope) => repo.getSettings(scope),

    async saveSettings(scope: TenantScope, input: RentalSettings): Promise<RentalSettings> {
      if (!(await repo.saveSettings(scope, input))) throw versionConflict('reminder settings');
      return repo.getSettings(scope);
    },

    /**
     * Sends the reminders due at `at` for every partner (the job): "due soon" the configured days
     * before the due date, "overdue" once it has passed. Each (rental, kind) is claimed by its
     * primary key before sending, so none goes out twice, whichever instance runs the job.
     */
    async sendReminders(at: Date = now()): Promise<{ sent: number; skipped: number }> {
      let sent = 0;
      let skipped = 0;
      for (const due of await repo.dueReminders(at)) {
        const scope = { partnerId: due.servicePartnerId };
        const method: ReminderMethod | null =
          due.method === 'sms'
            ? due.customerPhone
              ? 'sms'
              : due.customerEmail
                ? 'email'
                : null
            : due.customerEmail
              ? 'email'
              : due.customerPhone
                ? 'sms'
                : null;
        const kind: ReminderKind = due.kind;
        if (!method) {
          // Nobody to write to: remember it as handled, so it is not looked at again.
          await repo.claimReminder(scope, due.rentalId, kind, 'none');
          skipped += 1;
          continue;
        }
        if (!(await repo.claimReminder(scope, due.rentalId, kind, method))) continue;
        const text = reminderMessage(languageForPhone(due.customerPhone), kind, {
          customerName: due.customerName,
          unitName: due.unitName,
          serialNumber: due.serialNumber,
          dueDate: due.dueDate,
          partnerName: due.partnerName,
        });
        try {
          const message = await deps.messages.sendToCustomer(scope, {
            customerId: due.customerId,
            customerName: due.customerName,
            email: due.customerEmail,
            phone: due.customerPhone,
            method,
            subject: text.subject,
            body: text.body,
          });
          await repo.setReminderCommunication(due.rentalId, kind, message.id);
          sent += 1;
        } catch (err) {
          // Not stored: the claim goes, so the next run tries again.
          await repo.releaseReminder(due.rentalId, kind);
          throw err;
        }
      }
      return { sent, skipped };
    },

    remindersOf: (scope: TenantScope, rentalId: string) => repo.remindersOf(scope, rentalId),
  };
}
