import { Badge, Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isKnownProductStatus, type ProductStatus } from '@service-portal/shared/products';
import type { Currency } from '@service-portal/shared/limits';
import { formatMoney } from '../../../lib/money.ts';

/** A price in minor units, or a dash. */
export function Price({ minor, currency }: { minor: number | null; currency: string }) {
  const { i18n } = useTranslation();
  if (minor === null) return <>—</>;
  return <>{formatMoney(minor, currency as Currency, i18n.language)}</>;
}

const STATUS_COLORS: Record<ProductStatus, string> = {
  active: 'green',
  draft: 'yellow',
  unlisted: 'blue',
  archived: 'gray',
};

/**
 * The shop's status of a product; one the portal does not know (a newer API version's) is shown
 * as it came, marked unknown.
 */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  if (!isKnownProductStatus(status)) {
    return (
      <Badge color="orange" variant="outline" tt="none" data-status-unknown="">
        {t('products.status.unknown', { value: status })}
      </Badge>
    );
  }
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`products.status.${status}`)}
    </Badge>
  );
}

/** The shop's picture (served by the shop; allowed by the CSP's img-src), or a plain box. */
export function ProductImage({ url, alt, height }: { url: string | null; alt: string; height: number }) {
  return (
    <Image
      src={url}
      alt={alt}
      h={height}
      fit="contain"
      radius="sm"
      bg="var(--mantine-color-gray-1)"
      loading="lazy"
      fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='4' height='3'/%3E"
    />
  );
}
