import { useRef, useState } from 'react';
import { Badge, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '@service-portal/shared/limits';
import { searchKindOf, searchResultPath } from '@service-portal/shared/search';
import { PHONE_QUERY } from '../../../lib/media.ts';
import { useGlobalSearch } from '../api/search-global.ts';

const SEARCH_ALL = '__search_all__';

/** The "Search all" page for a text. */
export function searchAllPath(query: string): string {
  return `/search?${new URLSearchParams({ q: query }).toString()}`;
}

/**
 * The top bar's search (spec §2 "Global search bar", §5, §9): Ctrl/Cmd+K focuses it; from 2
 * characters and after a 300 ms pause it suggests up to 8 results per type (5 on a phone, the
 * simple mode); arrow keys move through them, Enter picks (or, with none chosen, searches all),
 * Escape closes. Picking navigates by type.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [value, setValue] = useState('');
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

  // Empty ignore list: the shortcut must work while another field has focus too.
  useHotkeys(
    [
      [
        'mod+K',
        () => {
          inputRef.current?.focus();
          inputRef.current?.select();
        },
      ],
    ],
    [],
  );

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
  if (search.isError && !waiting) {
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
        <TextInput
          ref={inputRef}
          type="search"
          // A search box that opens a suggestion list is a combobox: only that role may carry the
          // aria-expanded/aria-controls Combobox.Target adds (a plain searchbox may not, axe critical).
          role="combobox"
          aria-autocomplete="list"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.resetSelectedOption();
            if (event.currentTarget.value.trim().length >= LIMITS.searchMinChars) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={() => {
            if (open) combobox.openDropdown();
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
          // A phone's top bar leaves the field ~150 px: the long hint would be cut mid-word.
          placeholder={phone ? t('a11y.searchPlaceholderShort') : t('layout.search.placeholder')}
          aria-label={t('layout.search.label')}
          aria-keyshortcuts="Control+K Meta+K"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={waiting && open ? <Loader size="xs" aria-hidden="true" /> : null}
          w="100%"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!open} data-testid="search-suggestions">
        <Combobox.Header>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t('layout.search.suggestions')}
          </Text>
        </Combobox.Header>
        <Combobox.Options mah={phone ? 360 : 520} style={{ overflowY: 'auto' }}>
          {body}
          <Combobox.Option value={SEARCH_ALL} data-testid="search-all-option">
            <Group gap="xs" wrap="nowrap">
              <IconSearch size={14} aria-hidden="true" />
              <Text size="sm" truncate>
                {t('layout.search.searchAllFor', { query: trimmed })}
              </Text>
            </Group>
          </Combobox.Option>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
