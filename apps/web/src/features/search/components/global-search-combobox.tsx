import { useLayoutEffect } from 'react';
import { Badge, Combobox, Group, Loader, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '@service-portal/shared/limits';
import { searchKindOf, searchResultPath } from '@service-portal/shared/search';
import { useGlobalSearch } from '../api/search-global.ts';
import { searchAllPath, SearchInput } from './global-search.tsx';
import type { GlobalSearchComboboxProps } from './global-search.tsx';

const SEARCH_ALL = '__search_all__';

/**
 * The suggestion list of the top bar's search (global-search.tsx), loaded when the field first gets
 * the focus (decision 034). From 2 characters and after a 300 ms pause it suggests up to 8 results
 * per type (5 on a phone, the simple mode); arrow keys move through them, Enter picks (or, with none
 * chosen, searches all), Escape closes. Picking navigates by type.
 */
export function GlobalSearchCombobox({
  value,
  setValue,
  inputRef,
  phone,
  restore,
}: GlobalSearchComboboxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const trimmed = value.trim();
  const [debounced] = useDebouncedValue(trimmed, LIMITS.searchDebounceMs);
  const longEnough = debounced.length >= LIMITS.searchMinChars;
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const search = useGlobalSearch({
    query: debounced,
    maxResultsPerType: phone ? LIMITS.searchResultsPerTypeSimple : LIMITS.searchResultsPerType,
    isSuggestionMode: true,
  });

  // This field replaced the one the user focused (and maybe typed in) while the module loaded: it
  // takes over the focus and the caret before the browser paints.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!restore || !input) return;
    input.focus();
    input.setSelectionRange(restore.selectionStart, restore.selectionEnd);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on mount

  const results = longEnough ? (search.data?.results ?? []) : [];
  // The answer on screen belongs to the text typed (not an older one kept while the next loads).
  const current = search.data !== undefined && !search.isPlaceholderData;
  const waiting = trimmed !== debounced || search.isFetching;

  const close = () => {
    combobox.closeDropdown();
    inputRef.current?.blur();
  };
  const pick = (optionValue: string) => {
    if (optionValue === SEARCH_ALL) {
      if (trimmed.length >= LIMITS.searchMinChars) void navigate(searchAllPath(trimmed));
    } else {
      const hit = results.find((r) => `${r.type}:${r.id}` === optionValue);
      if (hit) void navigate(searchResultPath(searchKindOf(hit.type), hit.id));
    }
    setValue('');
    close();
  };

  let body: React.ReactNode;
  const tooShort = trimmed.length > 0 && trimmed.length < LIMITS.searchMinChars;
  if (tooShort) {
    // One character asks for one more, instead of "No suggestions found" (issue 31).
    body = (
      <Combobox.Empty role="status">
        {t('layout.search.typeMore', { count: LIMITS.searchMinChars - trimmed.length })}
      </Combobox.Empty>
    );
  } else if (search.isError && !waiting) {
    body = (
      <Combobox.Empty>
        <Text size="sm" c="red" role="alert">
          {t('errors.searchFailed')}
        </Text>
      </Combobox.Empty>
    );
  } else if (!current && waiting) {
    body = <Combobox.Empty>{t('app.loading')}</Combobox.Empty>;
  } else if (results.length === 0 && !waiting) {
    body = <Combobox.Empty>{t('layout.search.noSuggestions')}</Combobox.Empty>;
  } else {
    body = results.map((r) => (
      <Combobox.Option value={`${r.type}:${r.id}`} key={`${r.type}:${r.id}`}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {r.name}
            </Text>
            {r.subtitle && (
              <Text size="xs" c="dimmed" truncate>
                {r.subtitle}
              </Text>
            )}
          </div>
          <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
            {t(`search.type.${searchKindOf(r.type)}`)}
          </Badge>
        </Group>
      </Combobox.Option>
    ));
  }

  const open = trimmed.length >= LIMITS.searchMinChars;
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={pick}
      position="bottom-start"
      shadow="md"
      withinPortal
      // On a phone the field starts after the menu button: the list spans from there to the edge.
      width={phone ? 'calc(100vw - 64px)' : 440}
    >
      <Combobox.Target withExpandedAttribute>
        <SearchInput
          ref={inputRef}
          phone={phone}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.resetSelectedOption();
            if (event.currentTarget.value.trim().length > 0) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={() => {
            if (trimmed.length > 0) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter with no suggestion chosen: search all (Combobox handles Enter on a chosen one).
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1 && open) {
              event.preventDefault();
              pick(SEARCH_ALL);
            } else if (event.key === 'Escape') {
              combobox.closeDropdown();
            }
          }}
          rightSection={waiting && open ? <Loader size="xs" aria-hidden="true" /> : null}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={trimmed.length === 0} data-testid="search-suggestions">
        <Combobox.Header>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t('layout.search.suggestions')}
          </Text>
        </Combobox.Header>
        <Combobox.Options mah={phone ? 360 : 520} style={{ overflowY: 'auto' }}>
          {body}
          {open && (
            <Combobox.Option value={SEARCH_ALL} data-testid="search-all-option">
              <Group gap="xs" wrap="nowrap">
                <IconSearch size={14} aria-hidden="true" />
                <Text size="sm" truncate>
                  {t('layout.search.searchAllFor', { query: trimmed })}
                </Text>
              </Group>
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
