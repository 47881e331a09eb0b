import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while something the whole page depends on is loading; the label is read out by screen readers. */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
