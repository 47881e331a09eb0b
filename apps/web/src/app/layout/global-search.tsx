import { useRef, useState } from 'react';
import { Popover, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@service-portal/shared/limits';

/**
 * The header search field. Suggestions and results arrive with the search issue; until then Enter
 * says plainly that search is not available rather than showing an empty result.
 */
export function GlobalSearch() {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [noticeOpen, setNoticeOpen] = useState(false);

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

  return (
    <Popover
      opened={noticeOpen}
      onDismiss={() => setNoticeOpen(false)}
      position="bottom-start"
      width="target"
      shadow="md"
    >
      <Popover.Target>
        <TextInput
          ref={inputRef}
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setNoticeOpen(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setNoticeOpen(query.trim().length >= LIMITS.searchMinChars);
            } else if (event.key === 'Escape') {
              setNoticeOpen(false);
            }
          }}
          placeholder={t('layout.search.placeholder')}
          aria-label={t('layout.search.label')}
          aria-keyshortcuts="Control+K Meta+K"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          w="100%"
        />
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" role="status">
          {t('layout.search.notAvailable')}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
