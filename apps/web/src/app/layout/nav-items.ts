import {
  IconAddressBook,
  IconBell,
  IconBook,
  IconBuildingWarehouse,
  IconCalendarEvent,
  IconCalendarUser,
  IconClipboardList,
  IconKey,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt2,
  IconRefresh,
  IconShieldLock,
  IconToiletPaper,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import {
  AUTHENTICATED,
  GLOBAL_ADMIN,
  isAllowed,
  PRODUCT_SYNC_ACCESS,
  roles,
  STAFF_MANAGERS,
} from '@service-portal/shared/access';
import type { Access, AccessSubject } from '@service-portal/shared/access';
import type { TranslationKey } from '../../lib/i18n.ts';

export interface NavItem {
  path: string;
  labelKey: TranslationKey;
  icon: Icon;
  access: Access;
  /** Shown indented under the item before it (a part of that screen). */
  nested?: boolean;
  /** Shown only to users with a technician record of their partner (the technician's own day). */
  technicianOnly?: boolean;
}

/**
 * Spec §2 "Side menu", in order, plus Products and its sync (issue 31: the catalogue had no way in
 * but search). Access mirrors the routes' guards in app/router.tsx.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', labelKey: 'nav.dashboard', icon: IconLayoutDashboard, access: AUTHENTICATED },
  { path: '/service-orders', labelKey: 'nav.serviceOrders', icon: IconClipboardList, access: AUTHENTICATED },
  { path: '/schedule', labelKey: 'nav.schedule', icon: IconCalendarEvent, access: AUTHENTICATED },
  {
    path: '/my-day',
    labelKey: 'nav.myDay',
    icon: IconCalendarUser,
    access: AUTHENTICATED,
    technicianOnly: true,
  },
  { path: '/technicians', labelKey: 'nav.technicians', icon: IconUsers, access: AUTHENTICATED },
  { path: '/spare-parts', labelKey: 'nav.spareParts', icon: IconTool, access: AUTHENTICATED },
  { path: '/customers', labelKey: 'nav.customers', icon: IconAddressBook, access: AUTHENTICATED },
  { path: '/rentals', labelKey: 'nav.rentals', icon: IconToiletPaper, access: AUTHENTICATED },
  { path: '/products', labelKey: 'nav.products', icon: IconPackage, access: AUTHENTICATED },
  {
    path: '/products/sync',
    labelKey: 'nav.productsSync',
    icon: IconRefresh,
    access: PRODUCT_SYNC_ACCESS,
    nested: true,
  },
  {
    path: '/warehouse-locations',
    labelKey: 'nav.warehouseLocations',
    icon: IconBuildingWarehouse,
    access: STAFF_MANAGERS,
  },
  { path: '/pricing', labelKey: 'nav.pricing', icon: IconReceipt2, access: STAFF_MANAGERS },
  { path: '/api-tokens', labelKey: 'nav.apiTokens', icon: IconKey, access: roles('Administrator') },
  // The header's bell, already in the bundle: a webhook icon of its own put /pricing over budget.
  { path: '/webhooks', labelKey: 'nav.webhooks', icon: IconBell, access: roles('Administrator') },
  { path: '/info-center', labelKey: 'nav.documentation', icon: IconBook, access: AUTHENTICATED },
  { path: '/admin', labelKey: 'nav.administration', icon: IconShieldLock, access: GLOBAL_ADMIN },
];

export function visibleNavItems(user: AccessSubject, isTechnician = false): NavItem[] {
  return NAV_ITEMS.filter((item) => isAllowed(user, item.access) && (isTechnician || !item.technicianOnly));
}

/**
 * Active when the path equals the item's or lies below it. Dashboard ("/") would otherwise match
 * everything, so it is active only on "/" itself.
 */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/** The one item to mark: of those active, the most specific (the sync, not Products, on its page). */
export function activeNavPath(items: readonly NavItem[], pathname: string): string | null {
  let best: string | null = null;
  for (const { path } of items) {
    if (isNavItemActive(path, pathname) && (best === null || path.length > best.length)) best = path;
  }
  return best;
}
