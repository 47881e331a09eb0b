/** Every communications query key starts with this; writes invalidate below it. */
export const communicationsKey = ['communications'] as const;
export const unreadKey = [...communicationsKey, 'unread'] as const;
export const unassignedKey = [...communicationsKey, 'unassigned'] as const;
export const orderCommunicationsKey = (orderId: string) => [...communicationsKey, 'order', orderId] as const;
