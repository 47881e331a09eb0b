import type { ReportLanguage } from '@service-portal/shared/service-reports';

/** The report's printed texts and its e-mail, in the customer's language (the web's wording). */
export interface ReportTexts {
  locale: string;
  title: string;
  order: string;
  customer: string;
  /** The partner's contact lines in the header. */
  phone: string;
  email: string;
  product: string;
  serialNumber: string;
  completionNotes: string;
  checkpoints: string;
  parts: string;
  partColumns: [string, string, string, string, string];
  workLogs: string;
  workColumns: [string, string, string, string];
  minutes: (n: number) => string;
  photos: string;
  totals: string;
  labour: string;
  partsTotal: string;
  net: string;
  vat: (percent: string) => string;
  gross: string;
  signature: string;
  signedBy: string;
  signedAt: string;
  typedSignature: string;
  eventsTitle: string;
  events: Record<'created' | 'opened' | 'signed' | 'sent', string>;
  timeZone: string;
  hashTitle: string;
  hashScheme: string;
  page: (n: number, of: number) => string;
  none: string;
  labels: Record<string, string>;
  mailSubject: (orderNumber: string) => string;
  mailBody: (name: string, orderNumber: string, partner: string) => string;
}

const en: ReportTexts = {
  locale: 'en-GB',
  title: 'Service report',
  order: 'Service order',
  customer: 'Customer',
  phone: 'Phone',
  email: 'E-mail',
  product: 'Product',
  serialNumber: 'Serial number',
  completionNotes: 'Work done',
  checkpoints: 'Checkpoints',
  parts: 'Spare parts',
  partColumns: ['Part number', 'Part', 'Qty', 'Unit price', 'Amount'],
  workLogs: 'Work',
  workColumns: ['Work', 'By', 'Time', 'Amount'],
  minutes: (n) => `${n} min`,
  photos: "Customer's photos",
  totals: 'Totals',
  labour: 'Labour',
  partsTotal: 'Parts',
  net: 'Total excl. VAT',
  vat: (p) => `VAT ${p} %`,
  gross: 'Total incl. VAT',
  signature: 'Customer signature',
  signedBy: 'Printed name',
  signedAt: 'Signed',
  typedSignature: 'Signed by typing the name',
  eventsTitle: 'Document history',
  events: {
    created: 'Order created',
    opened: 'Report shown to the customer',
    signed: 'Signed by the customer',
    sent: 'E-mailed to the customer',
  },
  timeZone: 'Times in the time zone',
  hashTitle: 'SHA-256 of this document',
  hashScheme:
    'Computed over the file with the 64 characters of this value replaced by the letter X (decision 060).',
  page: (n, of) => `Page ${n} of ${of}`,
  none: 'None',
  labels: {
    heaterElement: 'Heater element',
    batteryVoltage: 'Battery voltage',
    insulationTest: 'Insulation test',
    thermalCouple: 'Thermal couple',
    sparkPlugSupplierA: 'Spark plug (supplier A)',
    sparkPlugSupplierB: 'Spark plug (supplier B)',
    catalyst: 'Catalyst',
    mainFan: 'Main fan',
    controlPanel: 'Control panel',
    burnerFan: 'Burner fan',
    working_condition: 'Working condition',
    needs_attention: 'Needs attention',
    other: 'Other',
    working_properly: 'Working properly',
    not_assessed: 'Not assessed',
    not_applicable: 'Not applicable',
    preventive_maintenance: 'Preventive maintenance',
    service_log: 'Service log',
    extra_cleaning: 'Extra cleaning',
    hygienic_measures: 'Hygienic measures',
    shipping: 'Shipping',
    service_fee: 'Service fee',
  },
  mailSubject: (o) => `Service report for order ${o}`,
  mailBody: (name, o, partner) =>
    `Hello ${name},\n\nthank you for signing. The service report for order ${o} is attached as a PDF.\n\nBest regards,\n${partner}`,
};

const nb: ReportTexts = {
  locale: 'nb-NO',
  title: 'Servicerapport',
  order: 'Serviceordre',
  customer: 'Kunde',
  phone: 'Telefon',
  email: 'E-post',
  product: 'Produkt',
  serialNumber: 'Serienummer',
  completionNotes: 'Utført arbeid',
  checkpoints: 'Kontrollpunkter',
  parts: 'Reservedeler',
  partColumns: ['Delenummer', 'Del', 'Antall', 'Enhetspris', 'Beløp'],
  workLogs: 'Arbeid',
  workColumns: ['Arbeid', 'Utført av', 'Tid', 'Beløp'],
  minutes: (n) => `${n} min`,
  photos: 'Kundens bilder',
  totals: 'Sum',
  labour: 'Arbeid',
  partsTotal: 'Deler',
  net: 'Sum eks. mva.',
  vat: (p) => `Mva. ${p} %`,
  gross: 'Sum inkl. mva.',
  signature: 'Kundens signatur',
  signedBy: 'Navn med blokkbokstaver',
  signedAt: 'Signert',
  typedSignature: 'Signert ved å skrive navnet',
  eventsTitle: 'Dokumenthistorikk',
  events: {
    created: 'Ordre opprettet',
    opened: 'Rapporten vist til kunden',
    signed: 'Signert av kunden',
    sent: 'Sendt til kunden på e-post',
  },
  timeZone: 'Tider i tidssonen',
  hashTitle: 'SHA-256 for dette dokumentet',
  hashScheme:
    'Beregnet over filen der de 64 tegnene i denne verdien er byttet ut med bokstaven X (beslutning 060).',
  page: (n, of) => `Side ${n} av ${of}`,
  none: 'Ingen',
  labels: {
    heaterElement: 'Varmeelement',
    batteryVoltage: 'Batterispenning',
    insulationTest: 'Isolasjonstest',
    thermalCouple: 'Termoelement',
    sparkPlugSupplierA: 'Tennplugg (leverandør A)',
    sparkPlugSupplierB: 'Tennplugg (leverandør B)',
    catalyst: 'Katalysator',
    mainFan: 'Hovedvifte',
    controlPanel: 'Kontrollpanel',
    burnerFan: 'Brennervifte',
    working_condition: 'Fungerer',
    needs_attention: 'Trenger tilsyn',
    other: 'Annet',
    working_properly: 'Fungerer som den skal',
    not_assessed: 'Ikke vurdert',
    not_applicable: 'Ikke aktuelt',
    preventive_maintenance: 'Forebyggende vedlikehold',
    service_log: 'Servicelogg',
    extra_cleaning: 'Ekstra rengjøring',
    hygienic_measures: 'Hygieniske tiltak',
    shipping: 'Frakt',
    service_fee: 'Servicegebyr',
  },
  mailSubject: (o) => `Servicerapport for ordre ${o}`,
  mailBody: (name, o, partner) =>
    `Hei ${name},\n\ntakk for signaturen. Servicerapporten for ordre ${o} ligger vedlagt som PDF.\n\nVennlig hilsen\n${partner}`,
};

const es: ReportTexts = {
  locale: 'es-ES',
  title: 'Informe de servicio',
  order: 'Orden de servicio',
  customer: 'Cliente',
  phone: 'Teléfono',
  email: 'Correo',
  product: 'Producto',
  serialNumber: 'Número de serie',
  completionNotes: 'Trabajo realizado',
  checkpoints: 'Puntos de control',
  parts: 'Repuestos',
  partColumns: ['Referencia', 'Pieza', 'Cant.', 'Precio unitario', 'Importe'],
  workLogs: 'Trabajo',
  workColumns: ['Trabajo', 'Realizado por', 'Tiempo', 'Importe'],
  minutes: (n) => `${n} min`,
  photos: 'Fotos del cliente',
  totals: 'Totales',
  labour: 'Mano de obra',
  partsTotal: 'Piezas',
  net: 'Total sin IVA',
  vat: (p) => `IVA ${p} %`,
  gross: 'Total con IVA',
  signature: 'Firma del cliente',
  signedBy: 'Nombre en mayúsculas',
  signedAt: 'Firmado',
  typedSignature: 'Firmado escribiendo el nombre',
  eventsTitle: 'Historial del documento',
  events: {
    created: 'Orden creada',
    opened: 'Informe mostrado al cliente',
    signed: 'Firmado por el cliente',
    sent: 'Enviado al cliente por correo',
  },
  timeZone: 'Horas en la zona horaria',
  hashTitle: 'SHA-256 de este documento',
  hashScheme:
    'Calculado sobre el archivo con los 64 caracteres de este valor sustituidos por la letra X (decisión 060).',
  page: (n, of) => `Página ${n} de ${of}`,
  none: 'Ninguno',
  labels: {
    heaterElement: 'Resistencia calefactora',
    batteryVoltage: 'Tensión de la batería',
    insulationTest: 'Prueba de aislamiento',
    thermalCouple: 'Termopar',
    sparkPlugSupplierA: 'Bujía (proveedor A)',
    sparkPlugSupplierB: 'Bujía (proveedor B)',
    catalyst: 'Catalizador',
    mainFan: 'Ventilador principal',
    controlPanel: 'Panel de control',
    burnerFan: 'Ventilador del quemador',
    working_condition: 'En buen estado',
    needs_attention: 'Requiere atención',
    other: 'Otro',
    working_properly: 'Funciona correctamente',
    not_assessed: 'No evaluado',
    not_applicable: 'No aplica',
    preventive_maintenance: 'Mantenimiento preventivo',
    service_log: 'Registro de servicio',
    extra_cleaning: 'Limpieza adicional',
    hygienic_measures: 'Medidas higiénicas',
    shipping: 'Envío',
    service_fee: 'Tarifa de servicio',
  },
  mailSubject: (o) => `Informe de servicio de la orden ${o}`,
  mailBody: (name, o, partner) =>
    `Hola ${name}:\n\ngracias por firmar. Adjuntamos en PDF el informe de servicio de la orden ${o}.\n\nSaludos cordiales,\n${partner}`,
};

export function reportTexts(language: ReportLanguage): ReportTexts {
  return language === 'nb' ? nb : language === 'es' ? es : en;
}
