import type { ReactNode } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRentalProductOptions } from '../api/list-rental-product-options.ts';

/** A picker of the partner's rental units (the pricing screen's rental product prices use it). */
export function RentalProductSelect(props: {
  value: string;
  onChange: (id: string) => void;
  label: string;
  error?: ReactNode;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const options = useRentalProductOptions(true);
  return (
    <Select
      label={props.label}
      required={props.required}
      searchable
      error={props.error}
      value={props.value === '' ? null : props.value}
      onChange={(v) => props.onChange(v ?? '')}
      nothingFoundMessage={t('rentals.form.noUnits')}
      data={(options.data ?? []).map((u) => ({ value: u.id, label: `${u.name} · ${u.serialNumber}` }))}
    />
  );
}

/** A rental unit's name and serial number for its id (the id itself while unknown). */
export function RentalProductName({ id }: { id: string }) {
  const options = useRentalProductOptions(true);
  const unit = options.data?.find((u) => u.id === id);
  return <>{unit ? `${unit.name} · ${unit.serialNumber}` : id}</>;
}
