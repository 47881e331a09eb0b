import type { UploadLinkLanguage } from '@service-portal/shared/upload-links';

/** The messages of estimates to the customer, in the customer's language (SMS: the body). */
export function estimateMessage(
  kind: 'sent' | 'reminder',
  language: UploadLinkLanguage,
  v: { customerName: string; orderNumber: string; url: string; validUntil: string; version: number },
): { subject: string; body: string } {
  const name = v.customerName.split(/\s+/)[0] ?? v.customerName;
  const reminder = kind === 'reminder';
  switch (language) {
    case 'nb':
      return {
        subject: `${reminder ? 'Påminnelse: ' : ''}Kostnadsoverslag for serviceordre ${v.orderNumber}`,
        body: `Hei ${name}! ${reminder ? 'Husk kostnadsoverslaget' : 'Her er kostnadsoverslaget'} (versjon ${v.version}) for serviceordre ${v.orderNumber}. Godkjenn eller avslå det innen ${v.validUntil}: ${v.url}`,
      };
    case 'es':
      return {
        subject: `${reminder ? 'Recordatorio: ' : ''}Presupuesto de la orden de servicio ${v.orderNumber}`,
        body: `Hola ${name}: ${reminder ? 'le recordamos el presupuesto' : 'este es el presupuesto'} (versión ${v.version}) de la orden de servicio ${v.orderNumber}. Apruébelo o recházelo antes del ${v.validUntil}: ${v.url}`,
      };
    case 'en':
      return {
        subject: `${reminder ? 'Reminder: ' : ''}Estimate for service order ${v.orderNumber}`,
        body: `Hello ${name}, ${reminder ? 'a reminder of the estimate' : 'here is the estimate'} (version ${v.version}) for service order ${v.orderNumber}. Approve or decline it by ${v.validUntil}: ${v.url}`,
      };
  }
}
