import type { UploadLinkLanguage } from '@service-portal/shared/upload-links';

/** `2026-11-30` as the customer reads it: 30.11.2026 (nb), 30/11/2026 (es), 30 Nov 2026 (en). */
function dayText(language: UploadLinkLanguage, date: string): string {
  const [y, m, d] = [date.slice(0, 4), date.slice(5, 7), date.slice(8, 10)];
  if (language === 'nb') return `${d}.${m}.${y}`;
  if (language === 'es') return `${d}/${m}/${y}`;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    Number(m) - 1
  ];
  return `${Number(d)} ${month} ${y}`;
}

/**
 * The message telling a customer when the technician comes (issue 25), in the customer's language
 * (guessed from the phone number, as the rentals' reminders do: a partner has no language of its own).
 */
export function visitMessage(
  language: UploadLinkLanguage,
  v: { customerName: string; orderNumber: string; date: string; start: string | null; partnerName: string },
): { subject: string; body: string } {
  const name = v.customerName.split(/\s+/)[0] ?? v.customerName;
  const day = dayText(language, v.date);
  switch (language) {
    case 'nb':
      return {
        subject: `Servicebesøk ${day} (${v.orderNumber})`,
        body: v.start
          ? `Hei ${name}! ${v.partnerName} kommer ${day} kl. ${v.start} for oppdrag ${v.orderNumber}. Ta kontakt om tidspunktet ikke passer.`
          : `Hei ${name}! ${v.partnerName} kommer ${day} i løpet av dagen for oppdrag ${v.orderNumber}. Ta kontakt om dagen ikke passer.`,
      };
    case 'es':
      return {
        subject: `Visita de servicio el ${day} (${v.orderNumber})`,
        body: v.start
          ? `Hola ${name}: ${v.partnerName} le visitará el ${day} a las ${v.start} por la orden ${v.orderNumber}. Contáctenos si la hora no le conviene.`
          : `Hola ${name}: ${v.partnerName} le visitará el ${day} durante el día por la orden ${v.orderNumber}. Contáctenos si el día no le conviene.`,
      };
    case 'en':
      return {
        subject: `Service visit on ${day} (${v.orderNumber})`,
        body: v.start
          ? `Hi ${name}, ${v.partnerName} will visit on ${day} at ${v.start} for order ${v.orderNumber}. Please contact us if the time does not suit you.`
          : `Hi ${name}, ${v.partnerName} will visit on ${day} during the day for order ${v.orderNumber}. Please contact us if the day does not suit you.`,
      };
  }
}
