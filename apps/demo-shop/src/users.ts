/** The shop's staff accounts (Shopify users), one per seeded portal e-mail plus some the portal does not know. */
export interface ShopUser {
  id: number;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  accountOwner: boolean;
}

export const SHOP_USERS: ShopUser[] = [
  {
    id: 74_000_000_001,
    email: 'office@nordic.example.com',
    emailVerified: true,
    firstName: 'Olav',
    lastName: 'Berg',
    accountOwner: false,
  },
  {
    id: 74_000_000_002,
    email: 'manager@nordic.example.com',
    emailVerified: true,
    firstName: 'Marte',
    lastName: 'Hansen',
    accountOwner: false,
  },
  {
    id: 74_000_000_003,
    email: 'tech@nordic.example.com',
    emailVerified: true,
    firstName: 'Tore',
    lastName: 'Nilsen',
    accountOwner: false,
  },
  {
    id: 74_000_000_004,
    email: 'manager@fjord.example.com',
    emailVerified: true,
    firstName: 'Frida',
    lastName: 'Lie',
    accountOwner: false,
  },
  {
    id: 74_000_000_005,
    email: 'admin@example.com',
    emailVerified: true,
    firstName: 'Astrid',
    lastName: 'Admin',
    accountOwner: true,
  },
  /** Unknown to the portal. */
  {
    id: 74_000_000_006,
    email: 'ukjent@nordic-sanitary.example.com',
    emailVerified: true,
    firstName: 'Ulrik',
    lastName: 'Ukjent',
    accountOwner: false,
  },
  /** Known e-mail but not verified at the shop: the portal must not trust it. */
  {
    id: 74_000_000_007,
    email: 'unverified@nordic.example.com',
    emailVerified: false,
    firstName: 'Vera',
    lastName: 'Uverifisert',
    accountOwner: false,
  },
];

export function findUser(by: { sub?: string | null; email?: string | null }): ShopUser | undefined {
  if (by.sub) return SHOP_USERS.find((u) => String(u.id) === by.sub);
  if (by.email) return SHOP_USERS.find((u) => u.email === by.email!.toLowerCase());
  return SHOP_USERS[0];
}

/** Shopify's associated_user object (snake_case, as the token endpoint answers). */
export function associatedUser(u: ShopUser) {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    email_verified: u.emailVerified,
    account_owner: u.accountOwner,
    locale: 'en',
    collaborator: false,
  };
}
