// Over 500 lines on purpose: the demo orders are data (tables of titles, parts, notes and status
// paths that the seed tests and the e2e specs name); split, the tables would only move apart from
// the one function that reads them.
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Role } from '@service-portal/shared/auth';
import {
  checkTransition,
  EMPTY_CHECKPOINTS,
  formatOrderNumber,
  type Checkpoints,
  type Priority,
  type ServiceOrderStatus,
  type ServiceType,
} from '@service-portal/shared/service-orders';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema/customers.ts';
import {
  orderNumberCounters,
  serviceOrders,
  serviceOrderSpareParts,
  serviceOrderStatusHistory,
} from '../db/schema/service-orders.ts';
import { technicians } from '../db/schema/technicians.ts';
import { users } from '../db/schema/users.ts';
import { warehouseLocations } from '../db/schema/warehouse-locations.ts';
import type { DEMO_PARTNERS } from './identities.ts';
import { createRandom, hashSeed, type Random } from './random.ts';

const ORDER_COUNTS: Record<(typeof DEMO_PARTNERS)[number], number> = {
  'Nordic Service AS': 300,
  'Fjord Repair AS': 120,
};

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

interface Part {
  partNumber: string;
  partName: string;
  supplier: string;
  unitCost: number;
}

const PARTS: Record<string, Part> = {
  heater: {
    partNumber: 'CIN-HE-230-1500',
    partName: 'Heater element 230 V 1500 W',
    supplier: 'Cinderella Eco AS',
    unitCost: 189_000,
  },
  catalyst: {
    partNumber: 'CIN-CAT-300',
    partName: 'Catalyst, ceramic',
    supplier: 'Cinderella Eco AS',
    unitCost: 249_000,
  },
  mainFan: {
    partNumber: 'CIN-FAN-M24',
    partName: 'Main fan 24 V',
    supplier: 'Cinderella Eco AS',
    unitCost: 315_000,
  },
  pcb: {
    partNumber: 'CIN-PCB-CTRL-R4',
    partName: 'Control panel PCB rev. 4',
    supplier: 'Cinderella Eco AS',
    unitCost: 428_000,
  },
  burnerFan: {
    partNumber: 'CIN-BF-12',
    partName: 'Burner fan 12 V',
    supplier: 'Cinderella Eco AS',
    unitCost: 198_000,
  },
  thermocouple: {
    partNumber: 'TC-K-300',
    partName: 'Thermocouple type K, 300 mm',
    supplier: 'Elektroimport AS',
    unitCost: 34_900,
  },
  sparkA: {
    partNumber: 'NGK-BPR6ES',
    partName: 'Spark plug NGK BPR6ES',
    supplier: 'Würth Norge AS',
    unitCost: 8_900,
  },
  sparkB: {
    partNumber: 'BOSCH-W7DC',
    partName: 'Spark plug Bosch W7DC',
    supplier: 'Motorparts Norge AS',
    unitCost: 7_900,
  },
  ash: {
    partNumber: 'CIN-ASH-CNT',
    partName: 'Ash container',
    supplier: 'Cinderella Eco AS',
    unitCost: 89_000,
  },
  gasket: {
    partNumber: 'CIN-FH-GSK',
    partName: 'Front hatch gasket',
    supplier: 'Cinderella Eco AS',
    unitCost: 29_900,
  },
  cable: {
    partNumber: 'CAB-12V-3M',
    partName: '12 V cable 3 m with plug',
    supplier: 'Elektroimport AS',
    unitCost: 24_900,
  },
  regulator: {
    partNumber: 'GAS-REG-30MB',
    partName: 'Gas regulator 30 mbar with hose',
    supplier: 'Ahlsell Norge AS',
    unitCost: 54_900,
  },
  battery: {
    partNumber: 'BAT-AGM-12-100',
    partName: 'Battery AGM 12 V 100 Ah',
    supplier: 'Onninen AS',
    unitCost: 219_000,
  },
  liners: {
    partNumber: 'CIN-LINER-500',
    partName: 'Bowl liners (500 pcs)',
    supplier: 'Cinderella Eco AS',
    unitCost: 79_000,
  },
  carbon: {
    partNumber: 'FLT-CARB-200',
    partName: 'Carbon filter for vent pipe',
    supplier: 'Ahlsell Norge AS',
    unitCost: 19_900,
  },
  tempSensor: {
    partNumber: 'CIN-TS-NTC10',
    partName: 'Temperature sensor NTC 10k',
    supplier: 'Cinderella Eco AS',
    unitCost: 64_900,
  },
  fuse: {
    partNumber: 'FUSE-T6.3A-10',
    partName: 'Fuse T6.3 A (10 pcs)',
    supplier: 'Elektroimport AS',
    unitCost: 4_900,
  },
  seatSwitch: {
    partNumber: 'CIN-SEAT-SW',
    partName: 'Seat sensor switch',
    supplier: 'Cinderella Eco AS',
    unitCost: 49_900,
  },
};

interface Job {
  title: string;
  description: string;
  parts: (keyof typeof PARTS)[];
  completion: string;
}

const JOBS: Record<ServiceType, Job[]> = {
  repair: [
    {
      title: 'Heater element failure',
      description: 'The unit does not heat up; the incineration cycle ends with error E2.',
      parts: ['heater', 'fuse'],
      completion: 'Replaced the heater element and the blown fuse. Ran a full cycle: heats up normally.',
    },
    {
      title: 'Main fan makes a grinding noise',
      description: 'Loud grinding from the back of the unit during the cycle, worse at start-up.',
      parts: ['mainFan'],
      completion: 'Main fan bearing worn out; fan replaced. Noise gone.',
    },
    {
      title: 'Burner does not ignite',
      description: 'Gas unit clicks but the burner never lights. Customer has checked the gas bottle.',
      parts: ['sparkA', 'thermocouple'],
      completion: 'Replaced spark plug and thermocouple, adjusted the electrode gap. Ignites at first try.',
    },
    {
      title: 'Error code E4 on display',
      description: 'Display shows E4 after a few minutes; unit stops.',
      parts: ['tempSensor'],
      completion:
        'Faulty temperature sensor replaced; error cleared and not seen again over three test cycles.',
    },
    {
      title: 'Control panel unresponsive',
      description: 'Buttons do nothing; display lights up but is frozen.',
      parts: ['pcb'],
      completion: 'Control board replaced and firmware updated. All functions tested.',
    },
    {
      title: 'Bad odour in the bathroom',
      description: 'Smell in the room during and after use. Vent pipe goes through the roof.',
      parts: ['carbon', 'gasket'],
      completion: 'Vent pipe cleaned, carbon filter and hatch gasket replaced. No odour after the test run.',
    },
    {
      title: 'Incineration cycle stops halfway',
      description: 'The cycle stops after 20–30 minutes without an error code.',
      parts: ['catalyst'],
      completion: 'Catalyst clogged with soot; replaced and the combustion chamber cleaned.',
    },
    {
      title: 'Smell of gas near the unit',
      description: 'Customer smells gas by the unit when it is idle. Gas turned off until we come.',
      parts: ['regulator'],
      completion: 'Leak at the regulator hose coupling. Regulator and hose replaced, leak test passed.',
    },
    {
      title: 'Unit trips the circuit breaker',
      description: 'The breaker trips a few seconds into every cycle.',
      parts: ['heater'],
      completion:
        'Heater element had an earth fault (insulation test failed). Element replaced, insulation test OK.',
    },
    {
      title: 'Ash container cracked',
      description: 'The ash container has a crack along the bottom and leaks ash.',
      parts: ['ash'],
      completion: 'New ash container delivered and fitted.',
    },
    {
      title: 'Front hatch does not close',
      description: 'Hatch will not latch; the unit refuses to start with the hatch open.',
      parts: ['gasket'],
      completion: 'Hinge adjusted and gasket replaced; hatch closes and the interlock works.',
    },
    {
      title: 'Battery does not hold charge',
      description: 'Off-grid cabin unit runs on 12 V; battery flat after one night.',
      parts: ['battery', 'cable'],
      completion: 'Battery end of life, replaced together with a damaged 12 V cable.',
    },
    {
      title: 'Seat sensor does not register',
      description: 'The unit does not start the cycle after use; seat sensor suspected.',
      parts: ['seatSwitch'],
      completion: 'Seat sensor switch replaced and calibrated.',
    },
    {
      title: 'Burner fan stops after start',
      description: 'Burner fan starts and stops again after a minute; gas unit goes into fault.',
      parts: ['burnerFan'],
      completion: 'Burner fan replaced; ran three cycles without faults.',
    },
  ],
  maintenance: [
    {
      title: 'Annual maintenance',
      description: 'Yearly service as agreed: cleaning, inspection and function test.',
      parts: ['liners', 'carbon'],
      completion:
        'Annual service done: cleaned, filters replaced, function test OK. Next service in 12 months.',
    },
    {
      title: 'Annual service before winter season',
      description: 'Cabin unit to be checked before the winter season.',
      parts: ['liners'],
      completion: 'Checked and cleaned; unit ready for the season.',
    },
    {
      title: 'Pre-season check of cabin unit',
      description: 'Customer wants the unit checked before Easter at the cabin.',
      parts: ['carbon'],
      completion: 'All checkpoints OK. Vent pipe cleared of a bird nest.',
    },
    {
      title: 'Catalyst replacement (scheduled)',
      description: 'Catalyst due for replacement after 4 years of use.',
      parts: ['catalyst'],
      completion: 'Catalyst replaced according to the service schedule.',
    },
    {
      title: 'Spark plug replacement',
      description: 'Scheduled replacement of the spark plug on the gas unit.',
      parts: ['sparkB'],
      completion: 'Spark plug replaced, burner tested.',
    },
    {
      title: 'Cleaning and inspection',
      description: 'Customer reports slower cycles; wants a general cleaning.',
      parts: [],
      completion: 'Combustion chamber and vent cleaned. Cycles back to normal length.',
    },
    {
      title: 'Insulation test and safety check',
      description: 'Required safety check after the unit was moved to a new cabin.',
      parts: [],
      completion: 'Insulation test and safety check passed. Certificate sent to the customer.',
    },
  ],
  warranty: [
    {
      title: 'Warranty: control panel dead',
      description: 'Unit bought 8 months ago; control panel completely dead.',
      parts: ['pcb'],
      completion: 'Control panel replaced under warranty. No cost to the customer.',
    },
    {
      title: 'Warranty: heater element burnt out',
      description: 'Heater element failed within the warranty period.',
      parts: ['heater'],
      completion: 'Element replaced under warranty; the old one sent to the manufacturer for analysis.',
    },
    {
      title: 'Warranty: fan noise after 3 months',
      description: 'New unit with a rattling main fan.',
      parts: ['mainFan'],
      completion: 'Main fan replaced under warranty.',
    },
    {
      title: 'Warranty: leaking gas regulator',
      description: 'Regulator supplied with the unit leaks at the coupling.',
      parts: ['regulator'],
      completion: 'Regulator replaced under warranty, leak test OK.',
    },
    {
      title: 'Warranty: display shows wrong temperature',
      description: 'Display shows 20 °C too much; unit stops early.',
      parts: ['tempSensor'],
      completion: 'Temperature sensor replaced under warranty.',
    },
  ],
};

const INTERNAL_NOTES = [
  'Customer prefers to be called after 16:00.',
  'Key to the cabin is with the neighbour (Hansen, house no. 14).',
  'Paid by invoice; customer number in the accounting system is on file.',
  'Second visit for the same problem: check the installation, not only the part.',
  'Road to the cabin is closed in winter; agree on a date before driving out.',
  'Customer was unhappy with the waiting time last year. Keep them updated.',
];

/** A path of statuses after `created`, ending in `final`, that the transition table allows. */
function pathTo(final: ServiceOrderStatus, rnd: Random): ServiceOrderStatus[] {
  const start = (): ServiceOrderStatus[] =>
    rnd.chance(0.6) ? ['scheduled', 'in_progress'] : ['in_progress'];
  const work = (): ServiceOrderStatus[] => [
    ...start(),
    ...(rnd.chance(0.3) ? (['waiting_for_parts', 'in_progress'] as const) : []),
  ];
  switch (final) {
    case 'created':
      return rnd.chance(0.08) ? ['on_hold', 'created'] : [];
    case 'scheduled':
      return ['scheduled'];
    case 'in_progress':
      return start();
    case 'waiting_for_parts':
      return [...start(), 'waiting_for_parts'];
    case 'ready_for_pickup':
      return [...work(), 'ready_for_pickup'];
    case 'completed': {
      const path: ServiceOrderStatus[] = [
        ...work(),
        ...(rnd.chance(0.5) ? (['ready_for_pickup'] as const) : []),
        'completed',
      ];
      // Now and then the customer calls back and the order is reopened (a manager's call).
      return rnd.chance(0.04) ? [...path, 'in_progress', 'completed'] : path;
    }
    case 'cancelled':
      return rnd.pick<ServiceOrderStatus[]>([
        ['cancelled'],
        ['scheduled', 'cancelled'],
        ['on_hold', 'cancelled'],
        ['in_progress', 'cancelled'],
      ]);
    case 'on_hold':
      return rnd.pick<ServiceOrderStatus[]>([
        ['on_hold'],
        ['scheduled', 'on_hold'],
        ['in_progress', 'on_hold'],
      ]);
  }
}

/** Typical time spent before moving to `to`, in days. */
function stepDays(to: ServiceOrderStatus, rnd: Random): number {
  const between = (a: number, b: number) => a + rnd.next() * (b - a);
  switch (to) {
    case 'scheduled':
      return between(0.1, 3);
    case 'in_progress':
      return between(0.5, 10);
    case 'waiting_for_parts':
      return between(0.1, 2);
    case 'ready_for_pickup':
      return between(0.3, 4);
    case 'completed':
      return between(0.2, 6);
    case 'on_hold':
      return between(0.5, 5);
    case 'cancelled':
      return between(0.5, 10);
    case 'created':
      return between(3, 20);
  }
}

function finalStatus(ageDays: number, rnd: Random): ServiceOrderStatus {
  if (ageDays > 60) {
    return rnd.weighted({
      completed: 76,
      cancelled: 10,
      on_hold: 3,
      ready_for_pickup: 2,
      waiting_for_parts: 3,
      in_progress: 3,
      created: 1,
      scheduled: 2,
    });
  }
  if (ageDays > 14) {
    return rnd.weighted({
      completed: 45,
      in_progress: 12,
      waiting_for_parts: 10,
      ready_for_pickup: 8,
      scheduled: 8,
      on_hold: 5,
      cancelled: 7,
      created: 5,
    });
  }
  return rnd.weighted({
    created: 25,
    scheduled: 20,
    in_progress: 20,
    waiting_for_parts: 10,
    ready_for_pickup: 6,
    completed: 11,
    on_hold: 4,
    cancelled: 4,
  });
}

function checkpointsFor(type: ServiceType, rnd: Random): Checkpoints {
  const measurement = () =>
    rnd.chance(0.08)
      ? {
          answer: 'other' as const,
          details: rnd.pick([
            'Not fitted on this model.',
            'Could not measure: unit was too hot.',
            'Measured 11.2 V, borderline.',
          ]),
        }
      : {
          answer: rnd.chance(0.8) ? ('working_condition' as const) : ('needs_attention' as const),
          details: null,
        };
  const component = () => ({
    answer: rnd.weighted({
      working_properly: 70,
      needs_attention: 12,
      not_assessed: 8,
      preventive_maintenance: type === 'maintenance' ? 15 : 3,
      not_applicable: 4,
    }),
    details: null,
  });
  const parts = rnd.chance(0.5)
    ? (['ashContainer'] as const)
    : rnd.chance(0.3)
      ? (['ashContainer', 'frontHatch'] as const)
      : ([] as const);
  return {
    measurements: {
      heaterElement: measurement(),
      batteryVoltage: measurement(),
      insulationTest: measurement(),
      thermalCouple: measurement(),
      ...(rnd.chance(0.5) ? { sparkPlugSupplierA: measurement() } : { sparkPlugSupplierB: measurement() }),
    },
    components: {
      catalyst: component(),
      mainFan: component(),
      controlPanel: component(),
      burnerFan: component(),
    },
    agreement: {
      customerAgreement: rnd.chance(0.85)
        ? { answer: rnd.chance(0.75) ? 'standard_service' : 'check_status_and_estimate', details: null }
        : { answer: 'other', details: 'Customer wants a call with the price before any part is replaced.' },
      cleanedUponDelivery: rnd.chance(0.7),
      partsSubmitted: [...parts],
      partsSubmittedOtherDetails: null,
    },
  };
}

// One formatter for the whole seed: constructing one costs more than a hundred formats.
const OSLO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of an instant in Oslo (the demo partners' zone). */
function osloDay(at: Date): string {
  return OSLO_DAY.format(at);
}

async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * About a year of service work per demo partner: orders in every status with histories the
 * transition table allows, checkpoints, spare parts and notes. Idempotent: a partner that has
 * orders gets none added. Everything is inserted in a few batched statements (first start on PGlite).
 */
export async function seedServiceOrders(
  db: Db,
  partnerIds: Map<string, string>,
  now = new Date(),
): Promise<void> {
  for (const [partner, total] of Object.entries(ORDER_COUNTS) as [(typeof DEMO_PARTNERS)[number], number][]) {
    const partnerId = partnerIds.get(partner);
    if (!partnerId) continue;
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ n: count() })
        .from(serviceOrders)
        .where(eq(serviceOrders.servicePartnerId, partnerId));
      if ((existing?.n ?? 0) > 0) return;

      const [techs, locations, people, staff] = [
        await tx
          .select({ id: technicians.id, isActive: technicians.isActive })
          .from(technicians)
          .where(eq(technicians.servicePartnerId, partnerId)),
        await tx
          .select({ id: warehouseLocations.id, isActive: warehouseLocations.isActive })
          .from(warehouseLocations)
          .where(eq(warehouseLocations.servicePartnerId, partnerId)),
        await tx
          .select({
            id: customers.id,
            name: customers.name,
            email: customers.email,
            phone: customers.phone,
            address: customers.address,
          })
          .from(customers)
          .where(eq(customers.servicePartnerId, partnerId)),
        await tx
          .select({ id: users.id, roles: users.roles })
          .from(users)
          .where(eq(users.servicePartnerId, partnerId)),
      ];
      if (people.length === 0 || staff.length === 0) return;
      const rnd = createRandom(hashSeed(`orders:${partner}`));
      const isManager = (roles: Role[]) =>
        roles.includes('Administrator') || roles.includes('ServiceManager');
      const managers = staff.filter((u) => isManager(u.roles));
      const workers = staff.filter((u) => !isManager(u.roles));
      const manager = { roles: ['ServiceManager'] as Role[], isGlobalAdmin: false };
      const activeTechs = techs.filter((t) => t.isActive);
      const activeLocations = locations.filter((l) => l.isActive);

      // Creation times over the last year, a little busier lately, in working hours; oldest first.
      const created = Array.from({ length: total }, () => {
        const daysAgo = 365 * Math.pow(rnd.next(), 1.15);
        const day = new Date(now.getTime() - daysAgo * DAY);
        day.setUTCHours(rnd.int(6, 14), rnd.int(0, 59), rnd.int(0, 59), 0);
        return day.getTime() > now.getTime() - HOUR ? new Date(now.getTime() - rnd.int(1, 5) * HOUR) : day;
      }).sort((a, b) => a.getTime() - b.getTime());

      const orderRows: (typeof serviceOrders.$inferInsert)[] = [];
      const historyRows: (typeof serviceOrderStatusHistory.$inferInsert)[] = [];
      const partRows: (typeof serviceOrderSpareParts.$inferInsert)[] = [];
      const sequences = new Map<number, number>();

      for (const createdAt of created) {
        const id = randomUUID();
        const ageDays = (now.getTime() - createdAt.getTime()) / DAY;
        const serviceType = rnd.weighted<ServiceType>({ repair: 55, maintenance: 30, warranty: 15 });
        const job = rnd.pick(JOBS[serviceType]);
        const priority = rnd.weighted<Priority>({ normal: 60, high: 20, low: 12, critical: 8 });
        const customer = rnd.pick(people);
        const creator = rnd.pick(managers.length > 0 ? managers : staff);
        const final = finalStatus(ageDays, rnd);
        const path = pathTo(final, rnd);

        // Spread the steps over the time the order has had, never into the future.
        const wanted = path.map((to) => stepDays(to, rnd) * DAY);
        const room = Math.max(now.getTime() - createdAt.getTime() - 30 * 60_000, 60_000) * 0.95;
        const scale = Math.min(
          1,
          room /
            Math.max(
              1,
              wanted.reduce((a, b) => a + b, 0),
            ),
        );
        let at = createdAt.getTime();
        let from: ServiceOrderStatus = 'created';
        let completedAt: Date | null = null;
        let scheduledFor: string | null = null;
        historyRows.push({
          servicePartnerId: partnerId,
          serviceOrderId: id,
          fromStatus: null,
          toStatus: 'created',
          changedBy: creator.id,
          changedAt: createdAt,
        });
        for (const [i, to] of path.entries()) {
          if (!checkTransition(from, to, manager).ok)
            throw new Error(`demo path ${from} → ${to} is not allowed`);
          at += (wanted[i] ?? 0) * scale;
          const reopen = from === 'completed' || from === 'cancelled';
          const by =
            reopen || workers.length === 0 || rnd.chance(0.4)
              ? rnd.pick(managers.length > 0 ? managers : staff)
              : rnd.pick(workers);
          historyRows.push({
            servicePartnerId: partnerId,
            serviceOrderId: id,
            fromStatus: from,
            toStatus: to,
            changedBy: by.id,
            changedAt: new Date(at),
          });
          if (to === 'scheduled') scheduledFor = osloDay(new Date(at + rnd.int(1, 10) * DAY));
          completedAt = to === 'completed' ? new Date(at) : null;
          from = to;
        }
        // Orders still waiting to be scheduled-for get a visit date ahead, as staff would set it.
        if (final === 'scheduled' && scheduledFor && scheduledFor < osloDay(now))
          scheduledFor = osloDay(new Date(now.getTime() + rnd.int(1, 14) * DAY));

        const started = path.includes('in_progress');
        const technician =
          final === 'created' && rnd.chance(0.7)
            ? null
            : ageDays > 180 && rnd.chance(0.2)
              ? (techs.find((t) => !t.isActive) ?? rnd.pick(activeTechs))
              : activeTechs.length > 0 && rnd.chance(0.9)
                ? rnd.pick(activeTechs)
                : null;
        const location =
          started && serviceType !== 'maintenance' && rnd.chance(0.6)
            ? ageDays > 150 && rnd.chance(0.25)
              ? (locations.find((l) => !l.isActive) ?? rnd.pick(activeLocations))
              : rnd.pick(activeLocations)
            : null;
        const year = Number(osloDay(createdAt).slice(0, 4));
        const sequence = (sequences.get(year) ?? 0) + 1;
        sequences.set(year, sequence);

        orderRows.push({
          id,
          servicePartnerId: partnerId,
          orderNumber: formatOrderNumber(year, sequence),
          title: job.title,
          serviceType,
          priority,
          status: final,
          description: job.description,
          serialNumber: rnd.chance(0.88)
            ? `${rnd.pick(['INC', 'GAS', 'FRE', 'HTR'])}-${rnd.int(2016, 2025)}-${String(rnd.int(0, 99999)).padStart(5, '0')}`
            : null,
          estimatedCostMinor: rnd.chance(0.6) ? rnd.int(9, 240) * 5_000 : null,
          currency: 'NOK',
          scheduledDate: scheduledFor,
          assignedTechnicianId: technician?.id ?? null,
          customerId: customer.id,
          customerName: customer.name,
          customerEmail: customer.email ?? `${customer.name.toLowerCase().replace(/\W+/g, '.')}@example.net`,
          customerPhone: customer.phone,
          customerAddress: customer.address,
          internalNotes: rnd.chance(0.3) ? rnd.pick(INTERNAL_NOTES) : null,
          warehouseLocationId: location?.id ?? null,
          completionNotes: final === 'completed' ? job.completion : null,
          checkpoints: started && rnd.chance(0.55) ? checkpointsFor(serviceType, rnd) : EMPTY_CHECKPOINTS,
          createdBy: creator.id,
          createdAt,
          updatedAt: new Date(at),
          completedAt,
          version: 1 + path.length,
        });

        if (started && job.parts.length > 0 && rnd.chance(serviceType === 'maintenance' ? 0.45 : 0.75)) {
          const lines = job.parts.slice(0, rnd.int(1, job.parts.length));
          if (rnd.chance(0.2)) lines.push(rnd.pick(['fuse', 'gasket', 'carbon'] as const));
          lines.forEach((key, position) => {
            const part = PARTS[key];
            if (!part) return;
            partRows.push({
              servicePartnerId: partnerId,
              serviceOrderId: id,
              position,
              partNumber: part.partNumber,
              partName: part.partName,
              quantity: key === 'fuse' || key === 'sparkA' || key === 'sparkB' ? rnd.int(1, 2) : 1,
              unitCostMinor: part.unitCost,
              currency: 'NOK',
              supplier: part.supplier,
              notes: rnd.chance(0.1) ? 'Ordered from the supplier; arrived in 3 days.' : null,
              createdAt: new Date(createdAt.getTime() + HOUR),
              updatedAt: new Date(createdAt.getTime() + HOUR),
            });
          });
        }
      }

      await insertInChunks(orderRows, 500, (chunk) => tx.insert(serviceOrders).values(chunk));
      await insertInChunks(historyRows, 1000, (chunk) => tx.insert(serviceOrderStatusHistory).values(chunk));
      await insertInChunks(partRows, 1000, (chunk) => tx.insert(serviceOrderSpareParts).values(chunk));
      // The next order created by hand continues the numbering.
      await tx
        .insert(orderNumberCounters)
        .values([...sequences].map(([year, lastValue]) => ({ servicePartnerId: partnerId, year, lastValue })))
        .onConflictDoUpdate({
          target: [orderNumberCounters.servicePartnerId, orderNumberCounters.year],
          set: { lastValue: sql`greatest(${orderNumberCounters.lastValue}, excluded.last_value)` },
        });
    });
  }
}
