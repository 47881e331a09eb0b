/** The Admin GraphQL documents the portal sends (fields per integrations.md). */

export const PRODUCTS_QUERY = /* GraphQL */ `
  query SyncProducts($first: Int!, $after: String, $query: String) {
    products(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
      nodes {
        id
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
            id
            sku
            price
            barcode
            inventoryQuantity
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

const DRAFT_ORDER_FIELDS = /* GraphQL */ `
  fragment DraftOrderFields on DraftOrder {
    id
    name
    status
    tags
    totalPrice
    currencyCode
    createdAt
    completedAt
    order {
      id
      name
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
  mutation DraftOrderComplete($id: ID!, $paymentPending: Boolean) {
    draftOrderComplete(id: $id, paymentPending: $paymentPending) {
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
