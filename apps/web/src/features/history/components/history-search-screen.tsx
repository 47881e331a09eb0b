import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import type { HistorySearch } from '../api/get-history.ts';
import { HistoryPanel } from './history-panel.tsx';
import { tableLabel, type LooseT } from './history-values.ts';

const TABLES = [
  'service_orders',
  'service_order_spare_parts',
  'work_logs',
  'communications',
  'images',
  'rentals',
  'rental_products',
  'pricing_configs',
  'category_pricing',
  'rental_product_pricing',
  'technicians',
  'documents',
  'warehouse_locations',
  'customers',
  'users',
] as const;

/** A partner to pick (the route module gives the list: the admin feature owns it). */
export interface HistoryPartnerOption {
  id: string;
  name: string;
}

interface Props {
  /** The partners to filter by; undefined while they load, null when they could not be read. */
  partners: readonly HistoryPartnerOption[] | undefined | null;
}

/** The global administrator's search of the history across partners (issue 26). */
export function HistorySearchScreen({ partners }: Props) {
  const { t } = useTranslation();
  const lt = t as unknown as LooseT;
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [table, setTable] = useState<string | null>(null);
  const [recordId, setRecordId] = useState('');
  const [search, setSearch] = useState<HistorySearch>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch({
      ...(partnerId ? { partnerId } : {}),
      ...(table ? { table } : {}),
      ...(recordId.trim() ? { recordId: recordId.trim() } : {}),
    });
  };
  return (
    <Stack gap="lg">
      <PageHeader title={t('history.search.title')} />
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('history.search.partner')}
            placeholder={
              partners === undefined ? t('history.search.partnersLoading') : t('history.search.anyPartner')
            }
            data={(partners ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={partnerId}
            onChange={setPartnerId}
            error={partners === null ? t('history.search.partnersFailed') : undefined}
            disabled={!partners}
            searchable
            clearable
            nothingFoundMessage={t('history.search.noPartner')}
            miw={240}
          />
          <Select
            label={t('history.search.table')}
            placeholder={t('history.search.anyTable')}
            data={TABLES.map((v) => ({ value: v, label: tableLabel(lt, v) }))}
            value={table}
            onChange={setTable}
            clearable
            miw={200}
          />
          <TextInput
            label={t('history.search.record')}
            value={recordId}
            onChange={(e) => setRecordId(e.currentTarget.value)}
            miw={260}
          />
          <Button type="submit">{t('history.search.submit')}</Button>
        </Group>
      </form>
      <HistoryPanel key={JSON.stringify(search)} target={{ subject: 'search', search }} />
    </Stack>
  );
}
