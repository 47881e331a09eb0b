import { Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconGitMerge } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SavePhase } from '../hooks/use-order-editor.ts';

/** "Saving…" / "Saved" / "Conflict" and the states in between, announced politely to screen readers. */
export function SaveIndicator({ phase, autosave }: { phase: SavePhase; autosave: boolean }) {
  const { t } = useTranslation();
  const view = {
    saving: { icon: <Loader size={14} />, color: 'blue', text: t('serviceOrders.autosave.saving') },
    saved: { icon: <IconCircleCheck size={16} />, color: 'green', text: t('serviceOrders.autosave.saved') },
    pending: {
      icon: <IconCircleDashed size={16} />,
      color: 'gray',
      text: autosave ? t('serviceOrders.autosave.pending') : t('serviceOrders.autosave.unsaved'),
    },
    invalid: {
      icon: <IconAlertTriangle size={16} />,
      color: 'orange',
      text: t('serviceOrders.autosave.invalid'),
    },
    conflict: { icon: <IconGitMerge size={16} />, color: 'red', text: t('serviceOrders.autosave.conflict') },
    error: { icon: <IconAlertTriangle size={16} />, color: 'red', text: t('serviceOrders.autosave.error') },
  }[phase];

  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-phase={phase}>
      {phase === 'saving' ? (
        view.icon
      ) : (
        <ThemeIcon size={20} radius="xl" variant="light" color={view.color} aria-hidden="true">
          {view.icon}
        </ThemeIcon>
      )}
      <Text fz="sm" fw={500} c={phase === 'saved' || phase === 'pending' ? 'dimmed' : view.color}>
        {view.text}
      </Text>
    </Group>
  );
}
