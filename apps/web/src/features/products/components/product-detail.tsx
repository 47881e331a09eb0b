import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Product } from '@service-portal/shared/products';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorMessage, formatMessage, problemMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useProduct } from '../api/get-product.ts';
import { useSavePartnerProduct } from '../api/save-partner-product.ts';
import { Price, ProductImage, StatusBadge } from './product-bits.tsx';

// The form (number inputs, the form library) loads when a manager clicks Edit (issue 18: weight).
const PartnerFieldsForm = lazy(() =>
  import('./partner-fields-form.tsx').then((m) => ({ default: m.PartnerFieldsForm })),
);

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap' }}>
        {value ?? '—'}
      </Text>
    </div>
  );
}

interface Props {
  id: string;
  /** Administrator and ServiceManager change the partner's own fields and (de)activate. */
  canManage: boolean;
  /** False for a global administrator acting for no partner: the partner's fields are not theirs. */
  hasPartner?: boolean;
  /** `toilet`: the same product reached from search as a toilet (/toilets/{id}). */
  as?: 'product' | 'toilet';
  /** The product's service orders; the route module puts the service-order feature's table here. */
  orders: (view: { empty: string }) => ReactNode;
  /** The info center's documents for the product's SKUs (the route module fills it). */
  documents?: (skus: string[]) => ReactNode;
  /** More cards from other features (the toilet page's serial-number look-up). */
  children?: ReactNode;
}

/** Spec §2 product page and /toilets/{id}: variants, prices, stock, the partner's fields, orders. */
export function ProductDetail({
  id,
  canManage,
  hasPartner = true,
  as = 'product',
  orders,
  documents,
  children,
}: Props) {
  const { t } = useTranslation();
  const product = useProduct(id);
  // The screen has its heading in every state (issue 31): the product's title once it is known.
  const heading = <PageHeader title={as === 'toilet' ? t('toilets.title') : t('products.one')} />;
  if (product.isError)
    return (
      <>
        {heading}
        <Alert color="red">{formatMessage(t, apiErrorMessage(product.error, 'errors.loadData'))}</Alert>
      </>
    );
  if (!product.data)
    return (
      <>
        {heading}
        <Loader aria-label={t('products.loading')} />
      </>
    );
  return (
    <ProductView
      product={product.data}
      canManage={canManage}
      hasPartner={hasPartner}
      as={as}
      orders={orders}
      documents={documents}
    >
      {children}
    </ProductView>
  );
}

function ProductView({
  product: p,
  canManage,
  hasPartner,
  as,
  orders,
  documents,
  children,
}: Omit<Props, 'id'> & { product: Product }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const save = useSavePartnerProduct();
  const toggle = () =>
    save.mutate(
      { id: p.id, active: !p.partner.active, version: p.partner.version },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('success.updated') }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: formatMessage(t, problemMessage(error, 'errors.deactivateProduct')),
          }),
      },
    );

  return (
    <>
      <PageHeader
        title={p.title}
        actions={
          canManage ? (
            <Button
              variant={p.partner.active ? 'light' : 'filled'}
              color={p.partner.active ? 'red' : undefined}
              loading={save.isPending}
              onClick={toggle}
            >
              {p.partner.active ? t('products.deactivate') : t('products.reactivate')}
            </Button>
          ) : undefined
        }
      />
      <Stack>
        {p.deletedAt && <Alert color="yellow">{t('products.deletedInShop')}</Alert>}
        {as === 'toilet' && (
          <Text size="sm">
            <Anchor component={Link} to={`/products/${p.id}`}>
              {t('toilets.openProduct')}
            </Anchor>
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <ProductImage url={p.imageUrl} alt={p.imageAlt ?? p.title} height={260} />
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {t('products.details')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Field label={t('products.fields.type')} value={t(`products.types.${p.type}`)} />
              <Field label={t('products.fields.status')} value={<StatusBadge status={p.status} />} />
              <Field label={t('products.fields.vendor')} value={p.vendor} />
              <Field label={t('products.fields.productType')} value={p.productType} />
              {hasPartner && (
                <Field
                  label={t('products.fields.activeForPartner')}
                  value={
                    <Badge color={p.partner.active ? 'green' : 'gray'} variant="light">
                      {p.partner.active ? t('products.filters.active') : t('products.inactive')}
                    </Badge>
                  }
                />
              )}
              <Field
                label={t('products.fields.syncedAt')}
                value={formatDateTime(p.syncedAt, i18n.language)}
              />
              <Field label={t('products.fields.tags')} value={p.tags.join(', ') || '—'} />
            </SimpleGrid>
          </Card>
        </SimpleGrid>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('products.variants')}
          </Title>
          <Table.ScrollContainer
            minWidth={420}
            type="native"
            // Scrolls sideways on a phone: keyboard users reach it too.
            tabIndex={0}
            role="region"
            aria-label={t('products.variants')}
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('products.fields.sku')}</Table.Th>
                  <Table.Th>{t('products.fields.barcode')}</Table.Th>
                  <Table.Th ta="right">{t('products.fields.price')}</Table.Th>
                  <Table.Th ta="right">{t('products.fields.stock')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.variants.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>{v.sku ?? '—'}</Table.Td>
                    <Table.Td>{v.barcode ?? '—'}</Table.Td>
                    <Table.Td ta="right">
                      <Price minor={v.priceMinor} currency={v.currency} />
                    </Table.Td>
                    <Table.Td ta="right">{v.inventoryQuantity ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        {hasPartner && (
          <Card withBorder>
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                {t('products.partnerFields')}
              </Title>
              {canManage && !editing && (
                <Button variant="light" size="xs" onClick={() => setEditing(true)}>
                  {t('products.edit')}
                </Button>
              )}
            </Group>
            {editing ? (
              <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
                <PartnerFieldsForm product={p} onDone={() => setEditing(false)} />
              </Suspense>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Field label={t('products.fields.notes')} value={p.partner.notes} />
                <Field
                  label={t('products.fields.serviceIntervalMonths')}
                  value={
                    p.partner.serviceIntervalMonths === null
                      ? null
                      : t('products.months', { count: p.partner.serviceIntervalMonths })
                  }
                />
              </SimpleGrid>
            )}
          </Card>
        )}
        {children}
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('products.orders')}
          </Title>
          {orders({ empty: t('products.noOrders') })}
        </Card>
        {documents && (
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {t('products.documents')}
            </Title>
            {documents([...new Set(p.variants.flatMap((v) => (v.sku ? [v.sku] : [])))])}
          </Card>
        )}
      </Stack>
    </>
  );
}
