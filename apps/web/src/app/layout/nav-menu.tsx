import { Box, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccessSubject } from '@service-portal/shared/access';
import { useHasTechnicianRecord } from '../../features/schedule/api/has-technician-record.ts';
import { activeNavPath, visibleNavItems } from './nav-items.ts';

interface NavMenuProps {
  user: AccessSubject & { userId: string; servicePartnerId: string | null };
  pathname: string;
  onNavigate: () => void;
}

export function NavMenu({ user, pathname, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  const isTechnician = useHasTechnicianRecord(user);
  const items = visibleNavItems(user, isTechnician);
  const activePath = activeNavPath(items, pathname);
  return (
    // A native scrolling box: Mantine's ScrollArea (and its 9 KiB) only drew a thinner scrollbar (decision 034).
    <Box mah="100%" style={{ overflowY: 'auto', scrollbarWidth: 'thin' }}>
      {items.map(({ path, labelKey, icon: ItemIcon, nested }) => {
        const active = path === activePath;
        return (
          <NavLink
            key={path}
            component={Link}
            to={path}
            label={t(labelKey)}
            leftSection={<ItemIcon size={20} stroke={1.6} aria-hidden="true" />}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
            styles={{
              root: {
                borderRadius: 'var(--mantine-radius-md)',
                ...(nested ? { paddingInlineStart: 36 } : {}),
              },
            }}
          />
        );
      })}
    </Box>
  );
}
