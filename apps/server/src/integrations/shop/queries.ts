/**
 * Every Admin GraphQL document the portal sends (integrations.md; docs/decisions/043). Each one is
 * checked in CI against Shopify's published schema of the pinned version and the one before it
 * (admin-documents.test.ts): known, not deprecated, variables that coerce, and no field outside
 * the app's scopes (SHOP_REQUIRED_SCOPES). A new document goes in SHOP_DOCUMENTS below.
 */

const VARIANT_FIELDS = /* GraphQL */ `
  fragment VariantFields on ProductVariant {
    id
    legacyResourceId
    sku
    price
    barcode
    inventoryQuantity
  }
`;

export const PRODUCTS_QUERY = /* GraphQL */ `
  query SyncProducts($first: Int!, $after: String, $query: String) {
    products(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
      nodes {
        id
        legacyResourceId
        title
        handle
        status
        vendor
        productType
        tags
        updatedAt
        featuredMedia {
          preview {
            image {
              url
              altText
            }
          }
        }
        variants(first: 100) {
          nodes {
            ...VariantFields
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${VARIANT_FIELDS}
`;

/** A product's variants after the first hundred (the products query carries the first page). */
export const PRODUCT_VARIANTS_QUERY = /* GraphQL */ `
  query ProductVariants($id: ID!, $first: Int!, $after: String) {
    product(id: $id) {
      variants(first: $first, after: $after) {
        nodes {
          ...VariantFields
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
  ${VARIANT_FIELDS}
`;

/**
 * What the portal reads of a draft order: no `order` (Shopify's Order type needs read_orders,
 * which the app does not request), the total as a price set (totalPrice is deprecated).
 */
const DRAFT_ORDER_FIELDS = /* GraphQL */ `
  fragment DraftOrderFields on DraftOrder {
    id
    name
    status
    tags
    totalPriceSet {
      shopMoney {
        amount
        currencyCode
      }
    }
    invoiceUrl
    createdAt
    completedAt
  }
`;

/** Payment terms replace draftOrderComplete(paymentPending): "Due on receipt" leaves the payment pending. */
export const PAYMENT_TERMS_TEMPLATES_QUERY = /* GraphQL */ `
  query PaymentTermsTemplates($type: PaymentTermsType) {
    paymentTermsTemplates(paymentTermsType: $type) {
      id
      name
      paymentTermsType
    }
  }
`;

export const DRAFT_ORDER_CREATE = /* GraphQL */ `
  mutation DraftOrderCreate($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) {
      draftOrder {
        ...DraftOrderFields
      }
      userErrors {
        field
        message
      }
    }
  }
  ${DRAFT_ORDER_FIELDS}
`;

export const DRAFT_ORDER_COMPLETE = /* GraphQL */ `
  mutation DraftOrderComplete($id: ID!) {
    draftOrderComplete(id: $id) {
      draftOrder {
        ...DraftOrderFields
      }
      userErrors {
        field
        message
      }
    }
  }
  ${DRAFT_ORDER_FIELDS}
`;

export const DRAFT_ORDER_QUERY = /* GraphQL */ `
  query DraftOrder($id: ID!) {
    draftOrder(id: $id) {
      ...DraftOrderFields
    }
  }
  ${DRAFT_ORDER_FIELDS}
`;

export const DRAFT_ORDERS_BY_QUERY = /* GraphQL */ `
  query DraftOrdersByTag($query: String!) {
    draftOrders(first: 5, query: $query, reverse: true) {
      nodes {
        ...DraftOrderFields
      }
    }
  }
  ${DRAFT_ORDER_FIELDS}
`;

const WEBHOOK_SUBSCRIPTION_FIELDS = /* GraphQL */ `
  fragment WebhookSubscriptionFields on WebhookSubscription {
    id
    topic
    uri
    format
    createdAt
    updatedAt
  }
`;

export const WEBHOOK_SUBSCRIPTIONS_QUERY = /* GraphQL */ `
  query WebhookSubscriptions($first: Int!, $after: String, $topics: [WebhookSubscriptionTopic!]) {
    webhookSubscriptions(first: $first, after: $after, topics: $topics) {
      nodes {
        ...WebhookSubscriptionFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
  ${WEBHOOK_SUBSCRIPTION_FIELDS}
`;

export const WEBHOOK_SUBSCRIPTION_CREATE = /* GraphQL */ `
  mutation WebhookSubscriptionCreate(
    $topic: WebhookSubscriptionTopic!
    $webhookSubscription: WebhookSubscriptionInput!
  ) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
      webhookSubscription {
        ...WebhookSubscriptionFields
      }
      userErrors {
        field
        message
      }
    }
  }
  ${WEBHOOK_SUBSCRIPTION_FIELDS}
`;

/** Every document the client sends, by name: what admin-documents.test.ts checks. */
export const SHOP_DOCUMENTS = {
  PRODUCTS_QUERY,
  PRODUCT_VARIANTS_QUERY,
  PAYMENT_TERMS_TEMPLATES_QUERY,
  DRAFT_ORDER_CREATE,
  DRAFT_ORDER_COMPLETE,
  DRAFT_ORDER_QUERY,
  DRAFT_ORDERS_BY_QUERY,
  WEBHOOK_SUBSCRIPTIONS_QUERY,
  WEBHOOK_SUBSCRIPTION_CREATE,
} as const;
