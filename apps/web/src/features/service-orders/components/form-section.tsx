import { useId } from 'react';
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface FormSectionProps {
  title: string;
  description?: string;
  icon: ReactNode;
  /** Shown at the right of the heading (a badge, a total). */
  aside?: ReactNode;
  children: ReactNode;
}

/** One of the form's sections (spec §2): a titled card that screen readers list as a region. */
export function FormSection({ title, description, icon, aside, children }: FormSectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Group justify="space-between" align="flex-start" mb="md" gap="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
            {icon}
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {description && (
              <Text fz="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        </Group>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
