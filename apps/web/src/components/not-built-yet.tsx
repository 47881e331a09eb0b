import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../lib/i18n.ts';
import { PageHeader } from './page-header.tsx';

/** A screen that a later issue delivers: it says so instead of pretending to work. */
export function NotBuiltYet({ titleKey }: { titleKey: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Text c="dimmed">{t('app.notBuiltYet')}</Text>
    </>
  );
}
