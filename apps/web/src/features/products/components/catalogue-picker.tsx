import { useState } from 'react';
import { ActionIcon, Loader } from '@mantine/core';
import type { AutocompleteProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@service-portal/shared/limits';
import type { ProductSearchHit } from '@service-portal/shared/products';
import { LazyAutocomplete } from '../../../components/lazy-combobox.tsx';

import { useProduct } from '../api/get-product.ts';
import { useCatalogueSearch } from '../api/search-catalogue.ts';
import { Price } from './product-bits.tsx';

const keyOf = (hit: ProductSearchHit) => `${hit.productId}:${hit.variantId ?? ''}`;

export interface CataloguePickerProps extends Omit<
  AutocompleteProps,
  'data' | 'onOptionSubmit' | 'filter' | 'renderOption'
> {
  /** A catalogue product picked: prefill name, SKU, unit price, currency and supplier from it. */
  onPick: (hit: ProductSearchHit) => void;
}

/**
 * A text box that looks the catalogue up as one types (GET /shopify/products/search) and offers
 * the products' variants; picking one hands its prefill over. Typing freely keeps working, and it
 * works controlled (`value`) or uncontrolled (`defaultValue`, as the order form's inputs are).
 */
export function CataloguePicker({ onPick, onChange, ...props }: CataloguePickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(props.value ?? props.defaultValue ?? '');
  const text = props.value ?? typed;
  const [debounced] = useDebouncedValue(text, LIMITS.searchDebounceMs);
  const search = useCatalogueSearch(debounced);
  const results = search.data ?? [];
  // The label is what the box keeps once picked (the name); the option also shows SKU and price.
  const data = results.map((hit) => ({ value: keyOf(hit), label: hit.name }));
  return (
    <LazyAutocomplete
      {...props}
      onChange={(next) => {
        setTyped(next);
        onChange?.(next);
      }}
      data={data}
      filter={({ options }) => options}
      rightSection={
        search.isFetching ? (
          <Loader size="xs" aria-label={t('products.picker.loading')} />
        ) : (
          props.rightSection
        )
      }
      onOptionSubmit={(key) => {
        const hit = results.find((h) => keyOf(h) === key);
        if (hit) onPick(hit);
      }}
      renderOption={({ option }) => {
        const hit = results.find((h) => keyOf(h) === option.value);
        return (
          <span>
            {[hit?.name ?? option.value, hit?.sku].filter(Boolean).join(' · ')}
            {hit?.unitPriceMinor != null && (
              <span style={{ opacity: 0.7 }}>
                {' '}
                {/* Formatted money in the reader's notation (issue 31: it read "34009.00 NOK"). */}—{' '}
                <Price minor={hit.unitPriceMinor} currency={hit.currency} />
              </span>
            )}
          </span>
        );
      }}
    />
  );
}

/** The order's related product: pick from the catalogue; shows the picked product's title. */
export function RelatedProductField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (productId: string | null) => void;
}) {
  const { t } = useTranslation();
  const product = useProduct(value ?? '');
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value ? (product.data?.title ?? '') : '');
  return (
    <CataloguePicker
      label={t('products.picker.relatedProduct')}
      placeholder={t('products.picker.placeholder')}
      value={shown}
      onChange={(next) => {
        setText(next);
        if (next === '' && value) onChange(null);
      }}
      onPick={(hit) => {
        setText(hit.name);
        onChange(hit.productId);
      }}
      rightSection={
        value ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('products.picker.clear')}
            onClick={() => {
              setText('');
              onChange(null);
            }}
          >
            <IconX size={14} aria-hidden="true" />
          </ActionIcon>
        ) : undefined
      }
    />
  );
}
