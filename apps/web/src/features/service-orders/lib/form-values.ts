import { CURRENCIES } from '@service-portal/shared/limits';
import type { Currency } from '@service-portal/shared/limits';
import {
  type COMPONENT_ANSWERS,
  type CUSTOMER_AGREEMENTS,
  isScheduledDateAllowed,
  type MEASUREMENT_ANSWERS,
  MEASUREMENT_CHECKPOINTS,
  serviceOrderCreateSchema,
  serviceOrderUpdateSchema,
  STATUS_CHECK_COMPONENTS,
  type SUBMITTED_PARTS,
} from '@service-portal/shared/service-orders';
import type {
  Priority,
  ServiceOrder,
  ServiceOrderStatus,
  ServiceType,
  SparePartListLine,
} from '@service-portal/shared/service-orders';
import { VALIDATION_MESSAGES } from '@service-portal/shared/validation';
import { schemaErrors } from '../../../lib/form-errors.ts';
import type { FormErrorMap } from '../../../lib/form-errors.ts';
import { formatAmountInput, parseAmount } from '../../../lib/money.ts';
import { estimatedMinutes, startTime } from './schedule-fields.ts';
import type { ParsedAmount } from '../../../lib/money.ts';

/**
 * The service order form as the inputs hold it: text as typed (amounts in major units, in the
 * reader's notation), empty strings for empty fields. `toWire` turns it into what the API takes;
 * validation runs the shared schema on that, so the browser and the server apply the same rules.
 */

export type MeasurementKey = (typeof MEASUREMENT_CHECKPOINTS)[number];
export type MeasurementAnswer = (typeof MEASUREMENT_ANSWERS)[number];
export type ComponentKey = (typeof STATUS_CHECK_COMPONENTS)[number];
export type ComponentAnswer = (typeof COMPONENT_ANSWERS)[number];
export type CustomerAgreement = (typeof CUSTOMER_AGREEMENTS)[number];
export type SubmittedPart = (typeof SUBMITTED_PARTS)[number];

export interface AnswerValues<T extends string> {
  answer: T | null;
  details: string;
}

export interface CheckpointValues {
  measurements: Record<MeasurementKey, AnswerValues<MeasurementAnswer>>;
  components: Record<ComponentKey, AnswerValues<ComponentAnswer>>;
  agreement: {
    customerAgreement: AnswerValues<CustomerAgreement>;
    cleanedUponDelivery: boolean | null;
    partsSubmitted: SubmittedPart[];
    partsSubmittedOtherDetails: string;
  };
}

export interface SparePartLineValues {
  /** Identifies the line in the list while it is edited; never sent. */
  key: string;
  /** The saved line's id (sent, so the server changes that line in place); none while it is new. */
  id?: string | undefined;
  partNumber: string;
  partName: string;
  quantity: number | string;
  unitCost: string;
  currency: Currency;
  supplier: string;
  notes: string;
}

export interface ServiceOrderFormValues {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  title: string;
  serviceType: ServiceType;
  priority: Priority;
  status: ServiceOrderStatus;
  completionNotes: string;
  description: string;
  serialNumber: string;
  /** The catalogue product the order is about (the products feature's picker sets it). */
  relatedProductId: string | null;
  estimatedCost: string;
  currency: Currency;
  scheduledDate: string;
  /** `HH:MM` on the partner's clock, or empty: some time that day (issue 25). */
  scheduledStart: string;
  /** Whole minutes as typed, or empty: the service type's default counts on the board. */
  estimatedMinutes: string;
  assignedTechnicianId: string | null;
  warehouseLocationId: string | null;
  spareParts: SparePartLineValues[];
  checkpoints: CheckpointValues;
  internalNotes: string;
}

export type FormField = keyof ServiceOrderFormValues;

const DEFAULT_CURRENCY: Currency = CURRENCIES[0];

let lineCounter = 0;
export function newLineKey(): string {
  lineCounter += 1;
  return `new-${Date.now().toString(36)}-${lineCounter}`;
}

function emptyAnswer<T extends string>(): AnswerValues<T> {
  return { answer: null, details: '' };
}

function answerFrom<T extends string>(
  stored: { answer: T | null; details: string | null } | undefined,
): AnswerValues<T> {
  return stored ? { answer: stored.answer, details: stored.details ?? '' } : emptyAnswer<T>();
}

export function emptyCheckpoints(): CheckpointValues {
  return {
    measurements: Object.fromEntries(
      MEASUREMENT_CHECKPOINTS.map((k) => [k, emptyAnswer()]),
    ) as CheckpointValues['measurements'],
    components: Object.fromEntries(
      STATUS_CHECK_COMPONENTS.map((k) => [k, emptyAnswer()]),
    ) as CheckpointValues['components'],
    agreement: {
      customerAgreement: emptyAnswer(),
      cleanedUponDelivery: null,
      partsSubmitted: [],
      partsSubmittedOtherDetails: '',
    },
  };
}

export function emptySparePartLine(currency: Currency = DEFAULT_CURRENCY): SparePartLineValues {
  return {
    key: newLineKey(),
    partNumber: '',
    partName: '',
    quantity: 1,
    unitCost: '',
    currency,
    supplier: '',
    notes: '',
  };
}

export function emptyFormValues(): ServiceOrderFormValues {
  return {
    customerName: '',
    customerEmail: '',
    customerPhone: '',
    customerAddress: '',
    title: '',
    serviceType: 'repair',
    priority: 'normal',
    status: 'created',
    completionNotes: '',
    description: '',
    serialNumber: '',
    relatedProductId: null,
    estimatedCost: '',
    currency: DEFAULT_CURRENCY,
    scheduledDate: '',
    scheduledStart: '',
    estimatedMinutes: '',
    assignedTechnicianId: null,
    warehouseLocationId: null,
    spareParts: [],
    checkpoints: emptyCheckpoints(),
    internalNotes: '',
  };
}

/** The form's copy of an order from the server; amounts are written in the reader's language. */
export function toFormValues(order: ServiceOrder, language: string): ServiceOrderFormValues {
  const stored = order.checkpoints;
  return {
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone ?? '',
    customerAddress: order.customerAddress ?? '',
    title: order.title,
    serviceType: order.serviceType,
    priority: order.priority,
    status: order.status,
    completionNotes: order.completionNotes ?? '',
    description: order.description ?? '',
    serialNumber: order.serialNumber ?? '',
    relatedProductId: order.relatedProductId,
    estimatedCost:
      order.estimatedCost === null ? '' : formatAmountInput(order.estimatedCost, order.currency, language),
    currency: order.currency,
    scheduledDate: order.scheduledDate ?? '',
    scheduledStart: order.scheduledStart ?? '',
    estimatedMinutes:
      order.estimatedMinutes === null || order.estimatedMinutes === undefined
        ? ''
        : String(order.estimatedMinutes),
    assignedTechnicianId: order.assignedTechnicianId,
    warehouseLocationId: order.warehouseLocationId,
    spareParts: order.spareParts.map((part) => ({
      key: part.id,
      id: part.id,
      partNumber: part.partNumber,
      partName: part.partName,
      quantity: part.quantity,
      unitCost: formatAmountInput(part.unitCost, part.currency, language),
      currency: part.currency,
      supplier: part.supplier ?? '',
      notes: part.notes ?? '',
    })),
    checkpoints: {
      measurements: Object.fromEntries(
        MEASUREMENT_CHECKPOINTS.map((k) => [k, answerFrom(stored.measurements[k])]),
      ) as CheckpointValues['measurements'],
      components: Object.fromEntries(
        STATUS_CHECK_COMPONENTS.map((k) => [k, answerFrom(stored.components[k])]),
      ) as CheckpointValues['components'],
      agreement: {
        customerAgreement: answerFrom(stored.agreement.customerAgreement),
        cleanedUponDelivery: stored.agreement.cleanedUponDelivery ?? null,
        partsSubmitted: stored.agreement.partsSubmitted ?? [],
        partsSubmittedOtherDetails: stored.agreement.partsSubmittedOtherDetails ?? '',
      },
    },
    internalNotes: order.internalNotes ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// Form → wire

/** Browser-only messages for amounts that cannot be read at all; the schema says the rest. */
const AMOUNT_MESSAGES: Record<Exclude<ParsedAmount, { ok: true }>['reason'], string> = {
  invalid: 'validation.amountInvalid',
  tooManyDecimals: 'validation.amountTooManyDecimals',
  tooLarge: 'validation.amountTooLarge',
};

interface WireContext {
  language: string;
  /** Amount errors found while converting; the amount is sent as null so the schema still runs. */
  errors: FormErrorMap;
}

function amount(text: string, currency: Currency, path: string, ctx: WireContext): number | null {
  const parsed = parseAmount(text, currency, ctx.language);
  if (parsed.ok) return parsed.minor;
  ctx.errors[path] = AMOUNT_MESSAGES[parsed.reason];
  return null;
}

function requiredAmount(text: string, currency: Currency, path: string, ctx: WireContext): number {
  const minor = amount(text, currency, path, ctx);
  if (minor === null) ctx.errors[path] ??= VALIDATION_MESSAGES.required;
  return minor ?? 0;
}

function quantity(value: number | string): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function wireAnswer<T extends string>(value: AnswerValues<T>) {
  return { answer: value.answer, details: value.details };
}

function wireCheckpoints(values: CheckpointValues) {
  return {
    measurements: Object.fromEntries(
      MEASUREMENT_CHECKPOINTS.map((k) => [k, wireAnswer(values.measurements[k])]),
    ),
    components: Object.fromEntries(STATUS_CHECK_COMPONENTS.map((k) => [k, wireAnswer(values.components[k])])),
    agreement: {
      customerAgreement: wireAnswer(values.agreement.customerAgreement),
      cleanedUponDelivery: values.agreement.cleanedUponDelivery,
      partsSubmitted: values.agreement.partsSubmitted,
      partsSubmittedOtherDetails: values.agreement.partsSubmitted.includes('other')
        ? values.agreement.partsSubmittedOtherDetails
        : '',
    },
  };
}

function wireSpareParts(lines: SparePartLineValues[], ctx: WireContext): SparePartListLine[] {
  return lines.map((line, index) => ({
    ...(line.id ? { id: line.id } : {}),
    partNumber: line.partNumber,
    partName: line.partName,
    quantity: quantity(line.quantity),
    unitCost: requiredAmount(line.unitCost, line.currency, `spareParts.${index}.unitCost`, ctx),
    currency: line.currency,
    supplier: line.supplier,
    notes: line.notes,
  }));
}

/** Every field as the API takes it, keyed like the form. */
function toWire(values: ServiceOrderFormValues, ctx: WireContext) {
  return {
    customerName: values.customerName,
    customerEmail: values.customerEmail,
    customerPhone: values.customerPhone,
    customerAddress: values.customerAddress,
    title: values.title,
    serviceType: values.serviceType,
    priority: values.priority,
    status: values.status,
    completionNotes: values.completionNotes,
    description: values.description,
    serialNumber: values.serialNumber,
    relatedProductId: values.relatedProductId,
    estimatedCost: amount(values.estimatedCost, values.currency, 'estimatedCost', ctx),
    currency: values.currency,
    scheduledDate: values.scheduledDate === '' ? null : values.scheduledDate,
    scheduledStart: startTime(values.scheduledStart, ctx),
    estimatedMinutes: estimatedMinutes(values.estimatedMinutes, ctx),
    assignedTechnicianId: values.assignedTechnicianId,
    warehouseLocationId: values.warehouseLocationId,
    spareParts: wireSpareParts(values.spareParts, ctx),
    checkpoints: wireCheckpoints(values.checkpoints),
    internalNotes: values.internalNotes,
  };
}
export type WireValues = ReturnType<typeof toWire>;

/**
 * `values` with the ids the server gave the lines that the save of `sent` added (the response's
 * lines are in the order sent), found by their key: the next save then changes those lines in place
 * instead of adding them again. The same object when there is nothing to adopt.
 */
export function withSavedLineIds(
  values: ServiceOrderFormValues,
  sent: ServiceOrderFormValues,
  saved: Pick<ServiceOrder, 'spareParts'>,
): ServiceOrderFormValues {
  const ids = new Map<string, string>();
  sent.spareParts.forEach((line, index) => {
    const stored = saved.spareParts[index];
    if (!line.id && stored && stored.partNumber === line.partNumber.trim()) ids.set(line.key, stored.id);
  });
  if (![...values.spareParts].some((line) => !line.id && ids.has(line.key))) return values;
  return {
    ...values,
    spareParts: values.spareParts.map((line) =>
      !line.id && ids.has(line.key) ? { ...line, id: ids.get(line.key) } : line,
    ),
  };
}

/**
 * The wire form of values that are known to be valid (a copy just loaded or just saved). The editor
 * keeps it beside the saved values, so later comparisons do not depend on the current language.
 */
export function wireOf(values: ServiceOrderFormValues, language: string): WireValues {
  return toWire(values, { language, errors: {} });
}

// ---------------------------------------------------------------------------------------------
// Validation

export interface ValidationContext {
  language: string;
  /** Today in the reader's time zone, `YYYY-MM-DD`. */
  today: string;
  /** The scheduled date the order has on the server (null when creating): it may stay as it is. */
  storedScheduledDate: string | null;
}

function schedulingErrors(values: ServiceOrderFormValues, ctx: ValidationContext): FormErrorMap {
  const date = values.scheduledDate === '' ? null : values.scheduledDate;
  return isScheduledDateAllowed(date, ctx.storedScheduledDate, ctx.today)
    ? {}
    : { scheduledDate: VALIDATION_MESSAGES.scheduledDateInPast };
}

function createBody(wire: WireValues) {
  const { status: _status, completionNotes: _notes, relatedProductId, ...rest } = wire;
  // Left out unless picked, so a body without a product stays as it was.
  return relatedProductId ? { ...rest, relatedProductId } : rest;
}
export type CreateBody = ReturnType<typeof createBody>;

/** Validates a new order with the create schema and returns the body to POST, or the errors. */
export function validateForCreate(
  values: ServiceOrderFormValues,
  ctx: ValidationContext,
): { ok: true; body: CreateBody } | { ok: false; errors: FormErrorMap } {
  const wireCtx: WireContext = { language: ctx.language, errors: {} };
  const body = createBody(toWire(values, wireCtx));
  const errors = {
    ...schemaErrors(serviceOrderCreateSchema, body),
    ...wireCtx.errors,
    ...schedulingErrors(values, ctx),
  };
  return Object.keys(errors).length === 0 ? { ok: true, body } : { ok: false, errors };
}

const UPDATABLE: readonly FormField[] = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'customerAddress',
  'title',
  'serviceType',
  'priority',
  'status',
  'completionNotes',
  'description',
  'serialNumber',
  'relatedProductId',
  'estimatedCost',
  'currency',
  'scheduledDate',
  'scheduledStart',
  'estimatedMinutes',
  'assignedTechnicianId',
  'warehouseLocationId',
  'spareParts',
  'checkpoints',
  'internalNotes',
];

/**
 * Validates the whole edited order with the update schema and returns the PUT body: only the fields
 * whose wire value differs from the last saved copy, plus `version`. An empty change list means
 * there is nothing to save.
 */
export function validateForUpdate(
  values: ServiceOrderFormValues,
  savedWire: WireValues,
  version: number,
  ctx: ValidationContext,
): { ok: true; body: Record<string, unknown>; changed: FormField[] } | { ok: false; errors: FormErrorMap } {
  const wireCtx: WireContext = { language: ctx.language, errors: {} };
  const wire = toWire(values, wireCtx);
  const errors = {
    ...schemaErrors(serviceOrderUpdateSchema, { ...wire, version }),
    ...wireCtx.errors,
    ...schedulingErrors(values, ctx),
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const changed = UPDATABLE.filter((field) => !sameValue(wire[field], savedWire[field]));
  const body: Record<string, unknown> = { version };
  for (const field of changed) body[field] = wire[field];
  return { ok: true, body, changed };
}

/** Structural equality of plain data (form values and wire values). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** Rewrites the typed amounts in another language's notation (the reader switched language mid-edit). */
export function convertAmounts(
  values: ServiceOrderFormValues,
  from: string,
  to: string,
): ServiceOrderFormValues {
  const convert = (text: string, currency: Currency) => {
    const parsed = parseAmount(text, currency, from);
    return parsed.ok && parsed.minor !== null ? formatAmountInput(parsed.minor, currency, to) : text;
  };
  return {
    ...values,
    estimatedCost: convert(values.estimatedCost, values.currency),
    spareParts: values.spareParts.map((line) => ({
      ...line,
      unitCost: convert(line.unitCost, line.currency),
    })),
  };
}
