import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '../lib/api-errors.ts';
import type { ProblemOutcome } from '../lib/form-errors.ts';

interface FormFailureProps {
  failure: ProblemOutcome | null;
  /** After a version conflict: loads the record as it is now. Without it the conflict is a line of text. */
  onReload?: () => void;
  reloadLabel?: string;
  /** Also say why the save failed when the fields already show what is wrong. */
  withFieldFailures?: boolean;
}

/** A form's failed save, under its fields: the reload banner of a version conflict, or the message. */
export function FormFailure({ failure, onReload, reloadLabel, withFieldFailures = false }: FormFailureProps) {
  const { t } = useTranslation();
  if (failure === null || (failure.kind === 'fields' && !withFieldFailures)) return null;
  const message = formatMessage(t, failure.message);
  if (failure.kind === 'versionConflict' && onReload) {
    return (
      <Alert color="orange" role="alert">
        <Group justify="space-between" gap="xs">
          <span>{message}</span>
          <Button size="xs" variant="light" color="orange" onClick={onReload}>
            {reloadLabel}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Text c="red" role="alert">
      {message}
    </Text>
  );
}
