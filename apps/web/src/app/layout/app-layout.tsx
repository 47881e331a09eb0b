import { lazy, Suspense, useState } from 'react';
import { ActionIcon, AppShell, Anchor, Box, Burger, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LIMITS } from '@service-portal/shared/limits';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-auth.ts';
import { GlobalSearch } from '../../features/search/components/global-search.tsx';
import { NavMenu } from './nav-menu.tsx';
import { MAIN_ID, SkipLink, useFocusHeadingOnNavigation } from './focus-on-navigation.tsx';
import { NotificationButton } from './notification-button.tsx';
import { SettingsMenu } from './settings-menu.tsx';
import { UserMenu } from './user-menu.tsx';

// Decision 034: what only some users see, or only after an action, is not part of the first paint.
const ActingPartnerSwitcher = lazy(() =>
  import('../../features/admin/components/acting-partner-switcher.tsx').then((m) => ({
    default: m.ActingPartnerSwitcher,
  })),
);
const Toasts = lazy(() => import('./toasts.tsx'));

/**
 * Toasts ("Saved successfully") belong to the signed-in screens, so the sign-in page does not load
 * them; the container (and its transitions) loads with the first toast shown. It reads the store the
 * toast is already in, so that toast appears as soon as the container is there.
 */
function ToastsOnFirstUse() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

const NAV_ID = 'main-navigation';
const DESKTOP_QUERY = `(min-width: ${LIMITS.sidebarFixedMinWidthPx}px)`;
// AppShell emits both (min-width: X) and (max-width: X); a hair under 1024 px keeps them from
// overlapping at exactly 1024 px, where the menu must already be fixed (spec §1).
const NAVBAR_BREAKPOINT_PX = LIMITS.sidebarFixedMinWidthPx - 0.1;

/** Main layout of every protected screen (spec §1 top bar and side menu). */
export default function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [desktopCollapsed, setDesktopCollapsed] = useState(false);
  // The phone drawer belongs to the page it was opened on, so any navigation closes it.
  const [drawerOpenedOn, setDrawerOpenedOn] = useState<string | null>(null);
  const drawerOpened = drawerOpenedOn === pathname;
  const navHidden = isDesktop ? desktopCollapsed : !drawerOpened;
  useFocusHeadingOnNavigation(pathname);

  const toggleNavigation = () => {
    if (isDesktop) setDesktopCollapsed((collapsed) => !collapsed);
    else setDrawerOpenedOn(drawerOpened ? null : pathname);
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: NAVBAR_BREAKPOINT_PX,
        collapsed: { mobile: !drawerOpened, desktop: desktopCollapsed },
      }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="sm" gap="xs" wrap="nowrap">
          {isDesktop ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggleNavigation}
              aria-label={t('layout.toggleNavigation')}
              aria-expanded={!navHidden}
              aria-controls={NAV_ID}
            >
              {desktopCollapsed ? (
                <IconLayoutSidebarLeftExpand size={20} aria-hidden="true" />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} aria-hidden="true" />
              )}
            </ActionIcon>
          ) : (
            <Burger
              opened={drawerOpened}
              onClick={toggleNavigation}
              size="sm"
              aria-label={t('layout.toggleNavigation')}
              aria-expanded={drawerOpened}
              aria-controls={NAV_ID}
            />
          )}
          <Anchor
            component={Link}
            to="/"
            fw={700}
            c="inherit"
            underline="never"
            visibleFrom="sm"
            style={{ whiteSpace: 'nowrap' }}
          >
            {t('app.name')}
          </Anchor>
          <Box flex={1} miw={0} maw={520} mx="auto">
            <GlobalSearch />
          </Box>
          <Group gap={4} wrap="nowrap">
            {user.isGlobalAdmin && (
              <Suspense fallback={null}>
                <ActingPartnerSwitcher />
              </Suspense>
            )}
            <NotificationButton />
            <SettingsMenu />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id={NAV_ID}
        aria-label={t('nav.label')}
        p="xs"
        // Off-screen is not enough: a hidden menu must also leave the tab order and the accessibility
        // tree. Visibility is transitioned so the slide-out animation still plays.
        style={{
          visibility: navHidden ? 'hidden' : 'visible',
          transitionProperty: 'transform, top, height, visibility',
        }}
      >
        <NavMenu user={user} pathname={pathname} onNavigate={() => setDrawerOpenedOn(null)} />
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1}>
        {/* Toasts start below the top bar (app/a11y.css), so they never cover the bell or the user menu. */}
        <ToastsOnFirstUse />
        <Suspense fallback={<FullPageLoader label={t('app.loadingApplication')} />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
