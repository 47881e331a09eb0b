import {
  IconAddressBook,
  IconBook,
  IconBuildingWarehouse,
  IconClipboardList,
  IconKey,
  IconLayoutDashboard,
  IconReceipt2,
  IconShieldLock,
  IconToiletPaper,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { AUTHENTICATED, GLOBAL_ADMIN, isAllowed, roles, STAFF_MANAGERS } from '@service-portal/shared/access';
import type { Access, AccessSubject } from '@service-portal/shared/access';
import type { TranslationKey } from '../../lib/i18n.ts';

export interface NavItem {
  path: string;
  labelKey: TranslationKey;
  icon: Icon;
  access: Access;
}

/** Spec §2 "Side menu", in order. Access mirrors the routes' guards in app/router.tsx. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', labelKey: 'nav.dashboard', icon: IconLayoutDashboard, access: AUTHENTICATED },
  { path: '/service-orders', labelKey: 'nav.serviceOrders', icon: IconClipboardList, access: AUTHENTICATED },
  { path: '/technicians', labelKey: 'nav.technicians', icon: IconUsers, access: AUTHENTICATED },
  { path: '/spare-parts', labelKey: 'nav.spareParts', icon: IconTool, access: AUTHENTICATED },
  { path: '/customers', labelKey: 'nav.customers', icon: IconAddressBook, access: AUTHENTICATED },
  { path: '/rentals', labelKey: 'nav.rentals', icon: IconToiletPaper, access: AUTHENTICATED },
  {
    path: '/warehouse-locations',
    labelKey: 'nav.warehouseLocations',
    icon: IconBuildingWarehouse,
    access: STAFF_MANAGERS,
  },
  { path: '/pricing', labelKey: 'nav.pricing', icon: IconReceipt2, access: STAFF_MANAGERS },
  { path: '/api-tokens', labelKey: 'nav.apiTokens', icon: IconKey, access: roles('Administrator') },
  { path: '/info-center', labelKey: 'nav.documentation', icon: IconBook, access: AUTHENTICATED },
  { path: '/admin', labelKey: 'nav.administration', icon: IconShieldLock, access: GLOBAL_ADMIN },
];

export function visibleNavItems(user: AccessSubject): NavItem[] {
  return NAV_ITEMS.filter((item) => isAllowed(user, item.access));
}

/**
 * Active when the path equals the item's or lies below it. Dashboard ("/") would otherwise match
 * everything, so it is active only on "/" itself.
 */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
