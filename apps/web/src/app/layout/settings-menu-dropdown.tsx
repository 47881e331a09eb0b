import { useId } from 'react';
import { Box, Menu, Switch, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../lib/i18n.ts';
import { useAutosavePreference } from '../../lib/preferences.ts';
import { useOpenedOnMount } from '../../components/lazy-on-first-use.ts';
import { SettingsMenuButton } from './settings-menu.tsx';
import type { SettingsMenuDropdownProps } from './settings-menu.tsx';

/** The settings menu with its dropdown: loaded on the first click on the button (decision 034). */
export function SettingsMenuWithDropdown({ openOnMount }: SettingsMenuDropdownProps) {
  const { t, i18n } = useTranslation();
  const [autosave, setAutosave] = useAutosavePreference();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : null;
  const descriptionId = useId();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);

  return (
    <Menu position="bottom-end" width={280} shadow="md" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <SettingsMenuButton ref={targetRef} />
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu may only own menu items and groups; the switch lives in a group so the menu stays valid ARIA. */}
        <Box role="group" aria-label={t('layout.settings.label')} px="sm" py="xs">
          <Switch
            checked={autosave}
            onChange={(event) => setAutosave(event.currentTarget.checked)}
            label={t('layout.settings.autosave')}
            aria-describedby={descriptionId}
          />
          <Text id={descriptionId} size="xs" c="dimmed" mt={4} pl={46}>
            {t('layout.settings.autosaveDescription')}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Label>{t('layout.settings.language')}</Menu.Label>
        {SUPPORTED_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void changeLanguage(language)}
            rightSection={language === current ? <IconCheck size={16} aria-hidden="true" /> : null}
            aria-current={language === current ? 'true' : undefined}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
