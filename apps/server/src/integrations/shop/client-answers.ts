import { ShopError, type ShopUserError } from './errors.ts';
import type {
  ShopAccessToken,
  ShopDraftOrder,
  ShopProduct,
  ShopVariant,
  ShopWebhookSubscription,
} from './types.ts';

/**
 * The shop's answers read into the portal's types (types.ts): products and variants, draft orders,
 * webhook subscriptions, user errors and token endpoint answers. A JSON number past 2^53 has lost
 * digits, so numeric ids are trusted only as text.
 */

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const text = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;

/** A numeric id as text; a JSON number past 2^53 has already lost digits, so only text is trusted. */
export const idText = (v: unknown): string | null => (typeof v === 'string' && /^\d+$/.test(v) ? v : null);

export function toVariant(v: Record<string, unknown>): ShopVariant {
  return {
    id: text(v.id),
    legacyResourceId: idText(v.legacyResourceId),
    sku: typeof v.sku === 'string' && v.sku !== '' ? v.sku : null,
    price: text(v.price, '0.00'),
    barcode: typeof v.barcode === 'string' && v.barcode !== '' ? v.barcode : null,
    inventoryQuantity: typeof v.inventoryQuantity === 'number' ? v.inventoryQuantity : null,
  };
}

/** One of a GraphQL answer's errors, as Shopify sends them. */
export interface GraphqlError {
  message?: string;
  path?: (string | number)[];
  extensions?: { code?: string; cost?: number; maxCost?: number; requiredAccess?: string };
}

/** The first error's code, for ShopError. */
export function errorCode(errors: GraphqlError[]): { code?: string } {
  const code = errors.find((e) => e.extensions?.code)?.extensions?.code;
  return code ? { code } : {};
}

export function errorsText(errors: GraphqlError[]): string {
  return errors.map((e) => `${e.message ?? 'error'}${e.path ? ` (at ${e.path.join('.')})` : ''}`).join('; ');
}

export function toProduct(node: unknown): ShopProduct {
  if (!isObject(node) || typeof node.id !== 'string' || typeof node.updatedAt !== 'string') {
    throw new ShopError('bad_response', 'a product without id or updatedAt');
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const image = (() => {
    const media = node.featuredMedia;
    const img = isObject(media) && isObject(media.preview) ? media.preview.image : null;
    return isObject(img) && typeof img.url === 'string'
      ? { url: img.url, altText: typeof img.altText === 'string' ? img.altText : null }
      : null;
  })();
  const variantNodes =
    isObject(node.variants) && Array.isArray(node.variants.nodes) ? node.variants.nodes : [];
  return {
    id: node.id,
    legacyResourceId: idText(node.legacyResourceId),
    title: str(node.title),
    handle: str(node.handle),
    // Kept as it came: a status a newer API version adds is still a status (the portal shows it).
    status: typeof node.status === 'string' && node.status !== '' ? node.status : 'UNKNOWN',
    vendor: str(node.vendor),
    productType: str(node.productType),
    tags: Array.isArray(node.tags) ? node.tags.filter((t): t is string => typeof t === 'string') : [],
    updatedAt: node.updatedAt,
    image,
    variants: variantNodes.filter(isObject).map(toVariant),
  };
}

/** The products answer's variants page info of one product node (more than 100 variants). */
export function variantsAfter(node: unknown): string | null {
  if (!isObject(node) || !isObject(node.variants) || !isObject(node.variants.pageInfo)) return null;
  const info = node.variants.pageInfo;
  return info.hasNextPage === true && typeof info.endCursor === 'string' ? info.endCursor : null;
}

export function toDraftOrder(d: unknown): ShopDraftOrder {
  if (!isObject(d) || typeof d.id !== 'string')
    throw new ShopError('bad_response', 'a draft order without id');
  const money =
    isObject(d.totalPriceSet) && isObject(d.totalPriceSet.shopMoney) ? d.totalPriceSet.shopMoney : {};
  return {
    id: d.id,
    name: text(d.name),
    status: typeof d.status === 'string' && d.status !== '' ? d.status : 'OPEN',
    tags: Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === 'string') : [],
    totalPrice: text(money.amount, '0.00'),
    currencyCode: text(money.currencyCode),
    invoiceUrl: typeof d.invoiceUrl === 'string' ? d.invoiceUrl : null,
    createdAt: text(d.createdAt),
    completedAt: typeof d.completedAt === 'string' ? d.completedAt : null,
  };
}

export function toWebhookSubscription(w: unknown): ShopWebhookSubscription {
  if (!isObject(w) || typeof w.id !== 'string' || typeof w.topic !== 'string')
    throw new ShopError('bad_response', 'a webhook subscription without id or topic');
  return {
    id: w.id,
    topic: w.topic,
    uri: text(w.uri),
    format: text(w.format, 'JSON'),
    createdAt: text(w.createdAt),
    updatedAt: text(w.updatedAt),
  };
}

export function toUserErrors(v: unknown): ShopUserError[] {
  return Array.isArray(v)
    ? v.filter(isObject).map((e) => ({
        field: Array.isArray(e.field) ? e.field.map(String) : null,
        message: text(e.message),
      }))
    : [];
}

export function toAccessToken(body: unknown): ShopAccessToken {
  if (!isObject(body) || typeof body.access_token !== 'string') {
    throw new ShopError('bad_response', 'the token endpoint answered without access_token');
  }
  const u = body.associated_user;
  return {
    accessToken: body.access_token,
    scopes:
      typeof body.scope === 'string'
        ? body.scope
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    refreshTokenExpiresIn:
      typeof body.refresh_token_expires_in === 'number' ? body.refresh_token_expires_in : null,
    associatedUser:
      isObject(u) && (typeof u.id === 'number' || typeof u.id === 'string') && typeof u.email === 'string'
        ? {
            id: String(u.id),
            email: u.email,
            emailVerified: u.email_verified === true,
            firstName: typeof u.first_name === 'string' ? u.first_name : null,
            lastName: typeof u.last_name === 'string' ? u.last_name : null,
          }
        : null,
  };
}
