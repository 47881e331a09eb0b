import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, SERVICE_ORDER_STATUSES, SERVICE_TYPES } from '@service-portal/shared/service-orders';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import type { useListState } from '../hooks/use-list-state.ts';
import { dayOfEnd, dayOfStart, endOfDay, startOfDay } from '../lib/day-range.ts';
import type { Lookup } from '../lib/lookups.ts';

type ListState = ReturnType<typeof useListState>;

interface OrderFiltersProps {
  state: ListState[0];
  update: ListState[1];
  technicians: Lookup;
  /** The partner's time zone: the date filters take its calendar days. */
  timeZone: string;
  filtered: boolean;
  onClear: () => void;
}

/** The order list's filter panel (spec §2): loaded when the panel first opens. */
export function OrderFilters({ state, update, technicians, timeZone, filtered, onClear }: OrderFiltersProps) {
  const { t } = useTranslation();
  const statusOptions = SERVICE_ORDER_STATUSES.map((value) => ({
    value,
    label: t(`serviceOrders.status.${value}`),
  }));
  const priorityOptions = PRIORITIES.map((value) => ({ value, label: t(`serviceOrders.priority.${value}`) }));
  const typeOptions = SERVICE_TYPES.map((value) => ({
    value,
    label: t(`serviceOrders.serviceType.${value}`),
  }));
  // A technician the list is scoped to stays choosable even when no longer active.
  const technicianOptions =
    state.technician && !technicians.options.some((o) => o.value === state.technician)
      ? [...technicians.options, { value: state.technician, label: t('serviceOrders.list.otherTechnician') }]
      : technicians.options;
  const dayInput = (
    key: 'createdFrom' | 'createdTo' | 'completedFrom' | 'completedTo',
    label: string,
    bound: 'start' | 'end',
  ) => (
    <TextInput
      type="date"
      label={label}
      value={bound === 'start' ? dayOfStart(state[key], timeZone) : dayOfEnd(state[key], timeZone)}
      onChange={(e) => {
        const day = e.currentTarget.value;
        update({ [key]: bound === 'start' ? startOfDay(day, timeZone) : endOfDay(day, timeZone) });
      }}
    />
  );

  return (
    <Paper bg="var(--mantine-color-gray-0)" radius="md" p="md" withBorder>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <MultiSelect
          label={t('serviceOrders.columns.status')}
          placeholder={state.status.length ? undefined : t('serviceOrders.list.anyStatus')}
          data={statusOptions}
          value={state.status}
          onChange={(status) => update({ status: SERVICE_ORDER_STATUSES.filter((s) => status.includes(s)) })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('serviceOrders.columns.priority')}
          placeholder={state.priority.length ? undefined : t('serviceOrders.list.anyPriority')}
          data={priorityOptions}
          value={state.priority}
          onChange={(priority) => update({ priority: PRIORITIES.filter((p) => priority.includes(p)) })}
          clearable
        />
        <DebouncedTextInput
          label={t('serviceOrders.fields.customerEmail')}
          placeholder={t('serviceOrders.list.customerEmailPlaceholder')}
          value={state.customerEmail}
          onCommit={(customerEmail) => update({ customerEmail })}
          leftSection={<IconMail size={16} aria-hidden="true" />}
        />
        <Select
          label={t('serviceOrders.fields.serviceType')}
          placeholder={t('serviceOrders.list.anyType')}
          data={typeOptions}
          value={state.serviceType}
          onChange={(value) => update({ serviceType: SERVICE_TYPES.find((type) => type === value) ?? null })}
          clearable
        />
        <Select
          label={t('serviceOrders.fields.assignedTechnician')}
          placeholder={t('serviceOrders.list.anyTechnician')}
          data={technicianOptions}
          value={state.technician || null}
          onChange={(value) => update({ technician: value ?? '' })}
          searchable
          clearable
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mt="md">
        {dayInput('createdFrom', t('serviceOrders.list.createdFrom'), 'start')}
        {dayInput('createdTo', t('serviceOrders.list.createdTo'), 'end')}
        {dayInput('completedFrom', t('serviceOrders.list.completedFrom'), 'start')}
        {dayInput('completedTo', t('serviceOrders.list.completedTo'), 'end')}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconFilterOff size={14} />}
          onClick={onClear}
          disabled={!filtered}
        >
          {t('serviceOrders.list.clearFilters')}
        </Button>
      </Group>
    </Paper>
  );
}
