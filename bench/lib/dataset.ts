/** Word lists and shapes of the generated data (plausible Norwegian service-partner data). */
import type { Priority, ServiceOrderStatus, ServiceType } from '@service-portal/shared/service-orders';

export const FIRST_NAMES = [
  'Ingrid',
  'Kari',
  'Anne',
  'Silje',
  'Marit',
  'Hilde',
  'Ragnhild',
  'Solveig',
  'Kristin',
  'Tone',
  'Eli',
  'Berit',
  'Liv',
  'Nina',
  'Hanne',
  'Camilla',
  'Ida',
  'Nora',
  'Astrid',
  'Sigrid',
  'Ole',
  'Lars',
  'Per',
  'Jan',
  'Knut',
  'Bjørn',
  'Arne',
  'Svein',
  'Geir',
  'Terje',
  'Håkon',
  'Magnus',
  'Anders',
  'Espen',
  'Trond',
  'Rune',
  'Kjetil',
  'Øyvind',
  'Sigurd',
  'Erlend',
  'Emma',
  'Sofie',
  'Maja',
  'Thea',
  'Jonas',
  'Emil',
  'Henrik',
  'Martin',
  'Tobias',
  'Sander',
];

export const LAST_NAMES = [
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Kristiansen',
  'Jensen',
  'Karlsen',
  'Johnsen',
  'Pettersen',
  'Eriksen',
  'Berg',
  'Haugen',
  'Hagen',
  'Johannessen',
  'Andreassen',
  'Jacobsen',
  'Jørgensen',
  'Halvorsen',
  'Henriksen',
  'Sørensen',
  'Moen',
  'Gundersen',
  'Iversen',
  'Ødegård',
  'Aasen',
  'Rønning',
  'Fossum',
  'Brekke',
  'Myhre',
  'Sæther',
  'Tangen',
  'Nygård',
  'Kvam',
  'Solberg',
  'Strand',
  'Lunde',
  'Dahl',
  'Bakke',
  'Vik',
  'Lie',
  'Holm',
  'Eide',
  'Aune',
  'Ruud',
  'Sandvik',
  'Nilsen',
  'Amundsen',
  'Moe',
];

export const MAIL_DOMAINS = [
  'gmail.com',
  'online.no',
  'hotmail.com',
  'outlook.com',
  'yahoo.no',
  'live.no',
  'icloud.com',
  'telia.no',
];

export const STREETS = [
  'Storgata',
  'Kirkeveien',
  'Skogveien',
  'Fjellstien',
  'Hyttegrenda',
  'Solbergveien',
  'Bjørkeveien',
  'Granlia',
  'Furuveien',
  'Elvebakken',
  'Sjøgata',
  'Tunveien',
  'Lia',
  'Setervegen',
  'Bakkeveien',
];

export const PLACES = [
  '0182 Oslo',
  '0355 Oslo',
  '1337 Sandvika',
  '2000 Lillestrøm',
  '3015 Drammen',
  '1530 Moss',
  '3580 Geilo',
  '2680 Vågå',
  '3550 Gol',
  '2636 Øyer',
  '5003 Bergen',
  '5700 Voss',
  '6800 Førde',
  '6856 Sogndal',
  '7010 Trondheim',
  '9008 Tromsø',
  '4006 Stavanger',
  '4610 Kristiansand',
  '8006 Bodø',
  '2317 Hamar',
];

export const TITLES: Record<ServiceType, string[]> = {
  repair: [
    'Heater element failure',
    'Main fan makes a grinding noise',
    'Burner does not ignite',
    'Error code E4 on display',
    'Control panel unresponsive',
    'Bad odour in the bathroom',
    'Incineration cycle stops halfway',
    'Unit trips the circuit breaker',
    'Front hatch does not close',
    'Battery does not hold charge',
    'Seat sensor does not register',
    'Burner fan stops after start',
  ],
  maintenance: [
    'Annual maintenance',
    'Annual service before winter season',
    'Pre-season check of cabin unit',
    'Catalyst replacement (scheduled)',
    'Spark plug replacement',
    'Cleaning and inspection',
    'Insulation test and safety check',
  ],
  warranty: [
    'Warranty: control panel dead',
    'Warranty: heater element burnt out',
    'Warranty: fan noise after 3 months',
    'Warranty: leaking gas regulator',
    'Warranty: display shows wrong temperature',
  ],
};

export const DESCRIPTIONS = [
  'Customer reports the problem started after the unit had been unused for a few weeks.',
  'Unit is installed at a cabin; customer can bring it to the workshop.',
  'Intermittent fault, seen twice last week. Customer sent a photo of the display.',
  'Needs a check before the season starts. Access via the back door.',
  'Noise is loudest at start-up and goes away after a few minutes.',
];

export const INTERNAL_NOTES = [
  'Customer has called twice about this one.',
  'Check the warranty registration before ordering parts.',
  'Old unit; consider offering a replacement.',
  'Prefers SMS over phone calls.',
];

export const COMPLETION_NOTES = [
  'All checkpoints OK.',
  'Replaced the faulty part and tested a full cycle.',
  'Cleaned and adjusted; no parts needed.',
  'Vent pipe cleared of a bird nest.',
];

export const SERIAL_MODELS = ['NE', 'GAS', 'EL', 'CMB', 'MAR'];

export interface PartTemplate {
  partNumber: string;
  partName: string;
  supplier: string;
  unitCost: number;
}

export const PARTS: PartTemplate[] = [
  {
    partNumber: 'CIN-HE-230-1500',
    partName: 'Heater element 230 V 1500 W',
    supplier: 'Cinderella Eco AS',
    unitCost: 189_000,
  },
  {
    partNumber: 'CIN-CAT-300',
    partName: 'Catalyst, ceramic',
    supplier: 'Cinderella Eco AS',
    unitCost: 249_000,
  },
  { partNumber: 'CIN-FAN-M24', partName: 'Main fan 24 V', supplier: 'Cinderella Eco AS', unitCost: 315_000 },
  {
    partNumber: 'CIN-PCB-CTRL-R4',
    partName: 'Control panel PCB rev. 4',
    supplier: 'Cinderella Eco AS',
    unitCost: 428_000,
  },
  { partNumber: 'CIN-BF-12', partName: 'Burner fan 12 V', supplier: 'Cinderella Eco AS', unitCost: 198_000 },
  {
    partNumber: 'TC-K-300',
    partName: 'Thermocouple type K, 300 mm',
    supplier: 'Elektroimport AS',
    unitCost: 34_900,
  },
  {
    partNumber: 'NGK-BPR6ES',
    partName: 'Spark plug NGK BPR6ES',
    supplier: 'Würth Norge AS',
    unitCost: 8_900,
  },
  { partNumber: 'CIN-ASH-CNT', partName: 'Ash container', supplier: 'Cinderella Eco AS', unitCost: 89_000 },
  {
    partNumber: 'CIN-FH-GSK',
    partName: 'Front hatch gasket',
    supplier: 'Cinderella Eco AS',
    unitCost: 29_900,
  },
  {
    partNumber: 'GAS-REG-30MB',
    partName: 'Gas regulator 30 mbar with hose',
    supplier: 'Ahlsell Norge AS',
    unitCost: 54_900,
  },
  {
    partNumber: 'BAT-AGM-12-100',
    partName: 'Battery AGM 12 V 100 Ah',
    supplier: 'Onninen AS',
    unitCost: 219_000,
  },
];

export const PRIORITY_WEIGHTS: Record<Priority, number> = { low: 20, normal: 40, high: 30, critical: 10 };
export const TYPE_WEIGHTS: Record<ServiceType, number> = { repair: 60, maintenance: 30, warranty: 10 };

/** Status by age: old orders are closed, recent ones spread over the open statuses. */
export const STATUS_WEIGHTS_OLD: Partial<Record<ServiceOrderStatus, number>> = {
  completed: 86,
  cancelled: 9,
  on_hold: 2,
  waiting_for_parts: 1,
  in_progress: 1,
  ready_for_pickup: 1,
};
export const STATUS_WEIGHTS_MIDDLE: Partial<Record<ServiceOrderStatus, number>> = {
  completed: 60,
  cancelled: 8,
  in_progress: 10,
  waiting_for_parts: 8,
  ready_for_pickup: 6,
  on_hold: 4,
  scheduled: 4,
};
export const STATUS_WEIGHTS_RECENT: Partial<Record<ServiceOrderStatus, number>> = {
  created: 25,
  scheduled: 20,
  in_progress: 20,
  waiting_for_parts: 10,
  ready_for_pickup: 8,
  completed: 12,
  on_hold: 3,
  cancelled: 2,
};

/**
 * The status histories (2–4 rows) that end in each status, each step a transition the order
 * rules allow (shared/service-orders.ts TRANSITIONS).
 */
export const STATUS_PATHS: Record<ServiceOrderStatus, ServiceOrderStatus[][]> = {
  created: [['created', 'on_hold', 'created']],
  scheduled: [
    ['created', 'scheduled'],
    ['created', 'on_hold', 'scheduled'],
  ],
  in_progress: [
    ['created', 'in_progress'],
    ['created', 'scheduled', 'in_progress'],
  ],
  waiting_for_parts: [
    ['created', 'in_progress', 'waiting_for_parts'],
    ['created', 'scheduled', 'in_progress', 'waiting_for_parts'],
  ],
  ready_for_pickup: [
    ['created', 'in_progress', 'ready_for_pickup'],
    ['created', 'scheduled', 'in_progress', 'ready_for_pickup'],
  ],
  completed: [
    ['created', 'in_progress', 'completed'],
    ['created', 'scheduled', 'in_progress', 'completed'],
    ['created', 'in_progress', 'ready_for_pickup', 'completed'],
  ],
  cancelled: [
    ['created', 'cancelled'],
    ['created', 'scheduled', 'cancelled'],
    ['created', 'on_hold', 'cancelled'],
  ],
  on_hold: [
    ['created', 'on_hold'],
    ['created', 'scheduled', 'on_hold'],
    ['created', 'in_progress', 'on_hold'],
  ],
};
