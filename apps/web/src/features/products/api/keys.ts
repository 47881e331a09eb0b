/** Every products query key starts with this; writes invalidate below it. */
export const productsKey = ['products'] as const;
