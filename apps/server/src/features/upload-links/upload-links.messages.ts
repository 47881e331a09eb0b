import type { UploadLinkLanguage } from '@service-portal/shared/upload-links';

interface LinkMessage {
  subject: string;
  body: string;
}

/** The message that carries a link, in the customer's language (SMS: the body; e-mail: both). */
export function linkMessage(
  language: UploadLinkLanguage,
  v: { customerName: string; orderNumber: string; url: string },
): LinkMessage {
  const name = v.customerName.split(/\s+/)[0] ?? v.customerName;
  switch (language) {
    case 'nb':
      return {
        subject: `Bilder til serviceordre ${v.orderNumber}`,
        body: `Hei ${name}! Send oss gjerne bilder av problemet for serviceordre ${v.orderNumber} her: ${v.url} (lenken gjelder i 24 timer).`,
      };
    case 'es':
      return {
        subject: `Fotos para la orden de servicio ${v.orderNumber}`,
        body: `Hola ${name}: envíenos fotos del problema de la orden de servicio ${v.orderNumber} aquí: ${v.url} (el enlace es válido durante 24 horas).`,
      };
    case 'en':
      return {
        subject: `Photos for service order ${v.orderNumber}`,
        body: `Hello ${name}, please send us photos of the problem for service order ${v.orderNumber} here: ${v.url} (the link is valid for 24 hours).`,
      };
  }
}
