import { Anchor, Group } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const serialHistoryPath = (serial: string) => `/serial-numbers/${encodeURIComponent(serial.trim())}`;

/** A link to a serial number's service history (order form, order page, toilet page). */
export function SerialHistoryLink({ serial }: { serial: string | null | undefined }) {
  const { t } = useTranslation();
  const value = serial?.trim();
  if (!value) return null;
  return (
    <Anchor component={Link} to={serialHistoryPath(value)} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconHistory size={14} aria-hidden="true" />
        {t('serialHistory.open')}
      </Group>
    </Anchor>
  );
}
