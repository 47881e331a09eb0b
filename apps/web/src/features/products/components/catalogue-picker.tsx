import { Autocomplete, Loader } from '@mantine/core';
import type { AutocompleteProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@service-portal/shared/limits';
import type { ProductSearchHit } from '@service-portal/shared/products';
import { minorToDecimalString } from '../../../lib/money.ts';
import { useCatalogueSearch } from '../api/products.ts';

const keyOf = (hit: ProductSearchHit) => `${hit.productId}:${hit.variantId ?? ''}`;

export interface CataloguePickerProps
  extends Omit<AutocompleteProps, 'data' | 'onChange' | 'value' | 'onOptionSubmit' | 'filter'> {
  /** The text in the box (what a line or field keeps when nothing is picked). */
  value: string;
  onChange: (text: string) => void;
  /** A catalogue product picked: prefill name, SKU, unit price, currency and supplier from it. */
  onPick: (hit: ProductSearchHit) => void;
}

/**
 * A text box that looks the catalogue up as one types (GET /shopify/products/search) and offers
 * the products' variants; picking one hands its prefill over. Typing freely keeps working.
 */
export function CataloguePicker({ value, onChange, onPick, ...props }: CataloguePickerProps) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(value, LIMITS.searchDebounceMs);
  const search = useCatalogueSearch(debounced);
  const results = search.data ?? [];
  // The label is what the box keeps once picked (the name); the option also shows SKU and price.
  const data = results.map((hit) => ({ value: keyOf(hit), label: hit.name }));
  return (
    <Autocomplete
      {...props}
      value={value}
      onChange={onChange}
      data={data}
      filter={({ options }) => options}
      rightSection={search.isFetching ? <Loader size="xs" aria-label={t('products.picker.loading')} /> : null}
      comboboxProps={{ withinPortal: true }}
      onOptionSubmit={(key) => {
        const hit = results.find((h) => keyOf(h) === key);
        if (!hit) return;
        onPick(hit);
      }}
      renderOption={({ option }) => {
        const hit = results.find((h) => keyOf(h) === option.value);
        return (
          <span>
            {[hit?.name ?? option.value, hit?.sku].filter(Boolean).join(' · ')}
            {hit?.unitPriceMinor != null && (
              <span style={{ opacity: 0.7 }}>
                {' '}
                — {minorToDecimalString(hit.unitPriceMinor, 2)} {hit.currency}
              </span>
            )}
          </span>
        );
      }}
    />
  );
}
