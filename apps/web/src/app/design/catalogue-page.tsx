import type { ReactNode } from 'react';
import { Anchor, Card, Code, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type TranslationKey } from '../../lib/i18n.ts';

/**
 * One building block of the catalogue: what it is, where it lives, and a live example. Adding a
 * component to the design pages is adding one of these to a page's list.
 */
export interface CatalogueEntry {
  id: string;
  title: TranslationKey;
  description: TranslationKey;
  /** The file to import it from (not translated: it is code). */
  source: string;
  demo: () => ReactNode;
}

const PAGES = [
  { path: '/components', title: 'screens.components' },
  { path: '/components-demo', title: 'screens.componentsDemo' },
  { path: '/table-demo', title: 'screens.tableDemo' },
] as const satisfies readonly { path: string; title: TranslationKey }[];

/** A design page: its entries one under the other, the page's language switch and the other pages. */
export function CataloguePage({
  title,
  intro,
  entries,
}: {
  title: TranslationKey;
  intro: TranslationKey;
  entries: readonly CatalogueEntry[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PageHeader title={t(title)} />
      <Stack gap="lg">
        <Text c="dimmed">{t(intro)}</Text>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="md" component="nav" aria-label={t('designDemo.pagesLabel')}>
            {PAGES.map((page) => (
              <Anchor key={page.path} component={Link} to={page.path}>
                {t(page.title)}
              </Anchor>
            ))}
          </Group>
          <SegmentedControl
            aria-label={t('designDemo.language')}
            value={SUPPORTED_LANGUAGES.find((l) => i18n.language.startsWith(l)) ?? 'en'}
            onChange={(language) => void i18n.changeLanguage(language)}
            data={SUPPORTED_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          />
        </Group>
        {entries.map((entry) => (
          <Card
            key={entry.id}
            withBorder
            padding="md"
            component="section"
            aria-labelledby={`demo-${entry.id}`}
          >
            <Title order={2} size="h4" id={`demo-${entry.id}`}>
              {t(entry.title)}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {t(entry.description)}
            </Text>
            <Code mb="md" style={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }}>
              {entry.source}
            </Code>
            <div data-testid={`demo-${entry.id}`}>{entry.demo()}</div>
          </Card>
        ))}
      </Stack>
    </>
  );
}
