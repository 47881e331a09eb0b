import type { ReminderKind } from '@service-portal/shared/rentals';
import type { UploadLinkLanguage } from '@service-portal/shared/upload-links';

/** A reminder to the customer, in their language (SMS: the body; e-mail: both). */
export function reminderMessage(
  language: UploadLinkLanguage,
  kind: ReminderKind,
  v: { customerName: string; unitName: string; serialNumber: string; dueDate: string; partnerName: string },
): { subject: string; body: string } {
  const name = v.customerName.split(/\s+/)[0] ?? v.customerName;
  const unit = `${v.unitName} (${v.serialNumber})`;
  switch (language) {
    case 'nb':
      return kind === 'due_soon'
        ? {
            subject: `Påminnelse: leie av ${v.unitName} går ut ${v.dueDate}`,
            body: `Hei ${name}! Leien av ${unit} fra ${v.partnerName} skal leveres tilbake ${v.dueDate}. Ta kontakt om du trenger den lenger.`,
          }
        : {
            subject: `Leie av ${v.unitName} er forfalt`,
            body: `Hei ${name}! Leien av ${unit} fra ${v.partnerName} skulle vært levert tilbake ${v.dueDate}. Det påløper gebyr per dag. Ta kontakt med oss.`,
          };
    case 'es':
      return kind === 'due_soon'
        ? {
            subject: `Recordatorio: el alquiler de ${v.unitName} vence el ${v.dueDate}`,
            body: `Hola ${name}: el alquiler de ${unit} de ${v.partnerName} debe devolverse el ${v.dueDate}. Contáctenos si lo necesita más tiempo.`,
          }
        : {
            subject: `El alquiler de ${v.unitName} está vencido`,
            body: `Hola ${name}: el alquiler de ${unit} de ${v.partnerName} debía devolverse el ${v.dueDate}. Se cobra un recargo por día. Contáctenos.`,
          };
    case 'en':
      return kind === 'due_soon'
        ? {
            subject: `Reminder: your rental of ${v.unitName} is due on ${v.dueDate}`,
            body: `Hello ${name}, your rental of ${unit} from ${v.partnerName} is due back on ${v.dueDate}. Contact us if you need it longer.`,
          }
        : {
            subject: `Your rental of ${v.unitName} is overdue`,
            body: `Hello ${name}, your rental of ${unit} from ${v.partnerName} was due back on ${v.dueDate}. A late fee is charged per day. Please contact us.`,
          };
  }
}
