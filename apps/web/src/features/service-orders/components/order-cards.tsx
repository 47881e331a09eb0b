import { Group, Paper, Skeleton, Stack } from '@mantine/core';

/** The order list on a phone while the first answer loads. */
export function OrderCardsSkeleton() {
  return (
    <Stack gap="sm" aria-hidden="true">
      {Array.from({ length: 5 }, (_, index) => (
        <Paper key={index} withBorder radius="md" p="sm">
          <Group justify="space-between" mb="xs">
            <Skeleton h={12} w={120} />
            <Skeleton h={18} w={80} radius="xl" />
          </Group>
          <Skeleton h={12} w="90%" mb={8} />
          <Skeleton h={10} w="60%" />
        </Paper>
      ))}
    </Stack>
  );
}
