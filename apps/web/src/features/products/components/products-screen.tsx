import {
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutGrid, IconList, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_STATUS_FILTERS, PRODUCT_TYPES } from '@service-portal/shared/products';
import type { ProductSummary } from '@service-portal/shared/products';
import { DebouncedTextInput } from '../../../components/debounced-text-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import type { PagedListColumn } from '../../../components/paged-list.tsx';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useProductsViewPreference } from '../../../lib/preferences.ts';
import { optionalChoiceParam, pageParam, textParam, useListParams } from '../../../lib/use-list-params.ts';
import { useProducts } from '../api/list-products.ts';
import { Price, ProductImage, StatusBadge } from './product-bits.tsx';

const PAGE_SIZE = 20;
const ACTIVE = ['active', 'inactive'] as const;

// Search, filters and page live in the URL (?q=cinderella&type=toilet&page=2).
const PARAMS = {
  search: textParam('q'),
  type: optionalChoiceParam('type', PRODUCT_TYPES),
  status: optionalChoiceParam('status', PRODUCT_STATUS_FILTERS),
  active: optionalChoiceParam('active', ACTIVE),
  page: pageParam(),
};

/** Spec §2 /products: the catalogue synced from the shop, with search, filters and the view toggle. */
export function ProductsScreen() {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [view, setView] = useProductsViewPreference();
  const [state, update] = useListParams(PARAMS);
  const list = useProducts({
    page: state.page,
    pageSize: PAGE_SIZE,
    ...(state.search ? { search: state.search } : {}),
    ...(state.type ? { type: state.type } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.active ? { active: state.active === 'active' } : {}),
  });

  const title = (p: ProductSummary) => (
    <Anchor component={Link} to={`/products/${p.id}`} fw={600}>
      {p.title}
    </Anchor>
  );
  const inactive = (p: ProductSummary) =>
    p.active ? null : (
      <Badge color="gray" variant="outline">
        {t('products.inactive')}
      </Badge>
    );
  const columns: PagedListColumn<ProductSummary>[] = [
    {
      key: 'title',
      header: t('products.fields.title'),
      cell: (p) => (
        <Group gap="xs" wrap="nowrap">
          {title(p)}
          {inactive(p)}
        </Group>
      ),
    },
    { key: 'sku', header: t('products.fields.sku'), cell: (p) => p.sku ?? '—' },
    { key: 'type', header: t('products.fields.type'), cell: (p) => t(`products.types.${p.type}`) },
    { key: 'vendor', header: t('products.fields.vendor'), cell: (p) => p.vendor ?? '—' },
    { key: 'status', header: t('products.fields.status'), cell: (p) => <StatusBadge status={p.status} /> },
    {
      key: 'price',
      header: t('products.fields.price'),
      cell: (p) => <Price minor={p.priceMinor} currency={p.currency} />,
      align: 'right',
    },
    { key: 'stock', header: t('products.fields.stock'), cell: (p) => p.stock ?? '—', align: 'right' },
  ];

  const cards = view === 'cards' || phone;
  return (
    <>
      <PageHeader
        title={t('screens.products')}
        actions={
          <Button
            component={Link}
            to="/products/sync"
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
          >
            {t('products.syncLink')}
          </Button>
        }
      />
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <DebouncedTextInput
            label={t('products.search')}
            placeholder={t('products.searchPlaceholder')}
            value={state.search}
            onCommit={(search) => update({ search }, { replace: true })}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label={t('products.fields.type')}
            placeholder={t('products.filters.all')}
            data={PRODUCT_TYPES.map((value) => ({ value, label: t(`products.types.${value}`) }))}
            value={state.type}
            clearable
            onChange={(value) => update({ type: PRODUCT_TYPES.find((v) => v === value) ?? null })}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label={t('products.fields.status')}
            placeholder={t('products.filters.all')}
            data={PRODUCT_STATUS_FILTERS.map((value) => ({
              value,
              label: value === 'unknown' ? t('products.status.other') : t(`products.status.${value}`),
            }))}
            value={state.status}
            clearable
            onChange={(value) => update({ status: PRODUCT_STATUS_FILTERS.find((v) => v === value) ?? null })}
            w={{ base: '100%', xs: 150 }}
          />
          <Select
            label={t('products.filters.activeLabel')}
            placeholder={t('products.filters.all')}
            data={ACTIVE.map((value) => ({ value, label: t(`products.filters.${value}`) }))}
            value={state.active}
            clearable
            onChange={(value) => update({ active: ACTIVE.find((v) => v === value) ?? null })}
            w={{ base: '100%', xs: 170 }}
          />
          {!phone && (
            <SegmentedControl
              aria-label={t('products.view.label')}
              value={view}
              onChange={(value) => setView(value === 'table' ? 'table' : 'cards')}
              data={[
                {
                  value: 'cards',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <IconLayoutGrid size={16} aria-hidden="true" />
                      <VisuallyHidden>{t('products.view.cards')}</VisuallyHidden>
                    </Group>
                  ),
                },
                {
                  value: 'table',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <IconList size={16} aria-hidden="true" />
                      <VisuallyHidden>{t('products.view.table')}</VisuallyHidden>
                    </Group>
                  ),
                },
              ]}
            />
          )}
        </Group>
        <PagedList
          query={list}
          loadFailure="errors.loadData"
          loadingLabel={t('products.loading')}
          page={state.page}
          onPageChange={(page) => update({ page })}
          phone={cards}
          cardGrid
          rowKey={(p) => p.id}
          columns={columns}
          minWidth={760}
          cardTestId="product-card"
          card={(p) => (
            <Stack gap={6}>
              <ProductImage url={p.imageUrl} alt={p.imageAlt ?? p.title} height={140} />
              <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
                {title(p)}
                {inactive(p)}
              </Group>
              <Text size="sm" c="dimmed">
                {[p.sku, p.vendor].filter(Boolean).join(' · ') || '—'}
              </Text>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  <Price minor={p.priceMinor} currency={p.currency} />
                </Text>
                <Text size="xs" c="dimmed">
                  {p.stock === null ? t('products.stockUnknown') : t('products.inStock', { count: p.stock })}
                </Text>
              </Group>
            </Stack>
          )}
          empty={t('products.empty')}
        />
      </Stack>
    </>
  );
}
