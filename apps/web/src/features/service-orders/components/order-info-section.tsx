import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Grid, Group, Loader, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCalendar, IconClipboardText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AccessSubject } from '@service-portal/shared/access';
import { CURRENCIES } from '@service-portal/shared/limits';
import { nextStatuses, PRIORITIES, SERVICE_TYPES } from '@service-portal/shared/service-orders';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { TranslationKey } from '../../../lib/i18n.ts';
import { LazySelect } from '../../../components/lazy-combobox.tsx';
import { ScanButton } from '../../../components/scan-button.tsx';
import { formatAmountInput, parseAmount } from '../../../lib/money.ts';
import type { ServiceOrderForm } from '../hooks/use-service-order-form.ts';
import type { Lookup } from '../lib/lookups.ts';
import { withCurrent } from '../lib/lookups.ts';
import { FormSection } from './form-section.tsx';
import { StatusBadge } from './order-badges.tsx';
import { useOrderFormSlots } from './order-form-slots.tsx';
import type { SerialScan } from './order-form-slots.tsx';

export interface StatusChoice {
  /** The status the order has on the server; the menu offers it and the moves allowed from it. */
  saved: ServiceOrderStatus;
  actor: AccessSubject;
  /** The order already has completion notes: the field stays in view whatever the status. */
  hasCompletionNotes: boolean;
}

/** The order's current technician and location, for when the lists lack them (deactivated since, or not loaded). */
export interface CurrentChoices {
  technician: { id: string; name: string | null } | null;
  warehouseLocation: { id: string; name: string | null } | null;
}

interface OrderInfoSectionProps {
  form: ServiceOrderForm;
  /** Edit only: the status menu. Creating always starts at "created". */
  status?: StatusChoice;
  technicians: Lookup;
  warehouseLocations: Lookup;
  current?: CurrentChoices;
  today: string;
  language: string;
}

/** Under a lookup that failed to load: the catalogue message and a retry; the field stays usable. */
function lookupHint(lookup: Lookup, errorKey: TranslationKey): ReactNode {
  return lookup.status === 'error' ? <LookupError lookup={lookup} errorKey={errorKey} /> : undefined;
}

function LookupError({ lookup, errorKey }: { lookup: Lookup; errorKey: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <>
      <Text span c="red" fz="xs">
        {t(errorKey)}
      </Text>{' '}
      <Anchor component="button" type="button" fz="xs" onClick={lookup.retry}>
        {t('common.retry')}
      </Anchor>
    </>
  );
}

export function OrderInfoSection({
  form,
  status,
  technicians,
  warehouseLocations,
  current,
  today,
  language,
}: OrderInfoSectionProps) {
  const { t } = useTranslation();
  // The last camera scan of the serial number: the history slot tells a scan from typing by it.
  const [serialScan, setSerialScan] = useState<SerialScan | null>(null);
  const serialColumn = useRef<HTMLDivElement>(null);
  // Filling the field makes the form draw it anew (its uncontrolled inputs take a new key), scan
  // button included: focus goes to the new button, as it would have stayed on the old one.
  useEffect(() => {
    if (serialScan !== null) serialColumn.current?.querySelector<HTMLElement>('[data-scan-button]')?.focus();
  }, [serialScan]);
  const watchedStatus = form.useWatchValue('status');
  const currency = form.useWatchValue('currency');
  const statusOptions = status
    ? [status.saved, ...nextStatuses(status.saved, status.actor)].map((value) => ({
        value,
        label: t(`serviceOrders.status.${value}`),
      }))
    : [];
  const showCompletionNotes =
    status !== undefined &&
    (watchedStatus === 'completed' || status.saved === 'completed' || status.hasCompletionNotes);

  // Shown back in the reader's notation once they leave the field: "1250,5" becomes "1 250,50".
  const reformatAmount = () => {
    const { estimatedCost, currency: current } = form.getValues();
    const parsed = parseAmount(estimatedCost, current, language);
    const formatted =
      parsed.ok && parsed.minor !== null ? formatAmountInput(parsed.minor, current, language) : null;
    if (formatted !== null && formatted !== estimatedCost) form.setFieldValue('estimatedCost', formatted);
  };

  return (
    <FormSection
      title={t('serviceOrders.form.orderSection')}
      description={t('serviceOrders.form.orderSectionHint')}
      icon={<IconClipboardText size={20} />}
    >
      <Stack gap="md">
        <TextInput
          label={t('serviceOrders.fields.title')}
          withAsterisk
          placeholder={t('serviceOrders.fields.titlePlaceholder')}
          key={form.key('title')}
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: status ? 3 : 2 }} spacing="md">
          <LazySelect
            label={t('serviceOrders.fields.serviceType')}
            data={SERVICE_TYPES.map((value) => ({ value, label: t(`serviceOrders.serviceType.${value}`) }))}
            allowDeselect={false}
            key={form.key('serviceType')}
            {...form.getInputProps('serviceType')}
          />
          <LazySelect
            label={t('serviceOrders.fields.priority')}
            data={PRIORITIES.map((value) => ({ value, label: t(`serviceOrders.priority.${value}`) }))}
            allowDeselect={false}
            key={form.key('priority')}
            {...form.getInputProps('priority')}
          />
          {status && (
            <LazySelect
              label={t('serviceOrders.fields.status')}
              data={statusOptions}
              allowDeselect={false}
              renderOption={({ option }) => (
                <StatusBadge status={option.value as ServiceOrderStatus} size="sm" />
              )}
              key={form.key('status')}
              {...form.getInputProps('status')}
            />
          )}
        </SimpleGrid>
        {showCompletionNotes && (
          <Textarea
            label={t('serviceOrders.fields.completionNotes')}
            description={t('serviceOrders.form.completionNotesHint')}
            autosize
            minRows={2}
            maxRows={8}
            key={form.key('completionNotes')}
            {...form.getInputProps('completionNotes')}
          />
        )}
        <Textarea
          label={t('serviceOrders.fields.description')}
          placeholder={t('serviceOrders.fields.descriptionPlaceholder')}
          autosize
          minRows={3}
          maxRows={12}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }} ref={serialColumn}>
            <TextInput
              label={t('serviceOrders.fields.serialNumber')}
              autoComplete="off"
              spellCheck={false}
              key={form.key('serialNumber')}
              {...form.getInputProps('serialNumber')}
              rightSection={
                <ScanButton
                  label={t('serviceOrders.fields.serialNumber')}
                  onScan={(text) => {
                    form.setFieldValue('serialNumber', text);
                    setSerialScan((last) => ({ serial: text, id: (last?.id ?? 0) + 1 }));
                  }}
                />
              }
            />
            <SerialHistoryLink form={form} scan={serialScan} />
          </Grid.Col>
          <RelatedProduct form={form} />
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('serviceOrders.fields.scheduledDate')}
              type="date"
              min={today}
              leftSection={<IconCalendar size={16} aria-hidden="true" />}
              key={form.key('scheduledDate')}
              {...form.getInputProps('scheduledDate')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t('serviceOrders.fields.scheduledStart')}
              description={t('serviceOrders.schedule.startHint')}
              type="time"
              key={form.key('scheduledStart')}
              {...form.getInputProps('scheduledStart')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              label={t('serviceOrders.fields.estimatedMinutes')}
              description={t('serviceOrders.schedule.estimatedMinutesHint')}
              inputMode="numeric"
              autoComplete="off"
              key={form.key('estimatedMinutes')}
              {...form.getInputProps('estimatedMinutes')}
            />
          </Grid.Col>

          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={t('serviceOrders.fields.estimatedCost')}
                inputMode="decimal"
                autoComplete="off"
                placeholder={formatAmountInput(0, currency, language)}
                style={{ flex: 1 }}
                key={form.key('estimatedCost')}
                {...form.getInputProps('estimatedCost')}
                onBlur={reformatAmount}
              />
              <LazySelect
                label={t('serviceOrders.fields.currency')}
                data={[...CURRENCIES]}
                allowDeselect={false}
                w={100}
                key={form.key('currency')}
                {...form.getInputProps('currency')}
              />
            </Group>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <LazySelect
              label={t('serviceOrders.fields.assignedTechnician')}
              placeholder={t('serviceOrders.form.unassigned')}
              data={withCurrent(technicians.options, current?.technician ?? null)}
              searchable
              clearable
              nothingFoundMessage={t('serviceOrders.form.nothingFound')}
              rightSection={technicians.status === 'pending' ? <Loader size={14} /> : undefined}
              description={lookupHint(technicians, 'errors.loadTechnicians')}
              key={form.key('assignedTechnicianId')}
              {...form.getInputProps('assignedTechnicianId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <LazySelect
              label={t('serviceOrders.fields.warehouseLocation')}
              placeholder={t('serviceOrders.form.noWarehouseLocation')}
              data={withCurrent(warehouseLocations.options, current?.warehouseLocation ?? null)}
              searchable
              clearable
              nothingFoundMessage={t('serviceOrders.form.nothingFound')}
              rightSection={warehouseLocations.status === 'pending' ? <Loader size={14} /> : undefined}
              description={lookupHint(warehouseLocations, 'errors.warehouseLocations.load')}
              key={form.key('warehouseLocationId')}
              {...form.getInputProps('warehouseLocationId')}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </FormSection>
  );
}

/** The serial number's service history, beside the field (when the route module offers it). */
function SerialHistoryLink({ form, scan }: { form: ServiceOrderForm; scan: SerialScan | null }) {
  const slots = useOrderFormSlots();
  const [serial, setSerial] = useState(() => form.getValues().serialNumber);
  form.watch('serialNumber', ({ value }) => setSerial(value));
  if (!slots.serialHistoryLink || !serial.trim()) return null;
  return <div style={{ marginTop: 4 }}>{slots.serialHistoryLink(serial, scan)}</div>;
}

/** The catalogue product the order is about: the products feature's picker, when offered. */
function RelatedProduct({ form }: { form: ServiceOrderForm }) {
  const slots = useOrderFormSlots();
  const [value, setValue] = useState(() => form.getValues().relatedProductId);
  form.watch('relatedProductId', ({ value: next }) => setValue(next));
  if (!slots.relatedProduct) return null;
  return (
    <Grid.Col span={{ base: 12, sm: 6 }}>
      {slots.relatedProduct({
        value,
        onChange: (productId) => form.setFieldValue('relatedProductId', productId),
      })}
    </Grid.Col>
  );
}
