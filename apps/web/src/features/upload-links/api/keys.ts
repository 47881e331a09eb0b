export const uploadLinksKey = ['upload-links'] as const;
export const orderUploadLinksKey = (orderId: string) => [...uploadLinksKey, 'order', orderId] as const;
export const orderRatingKey = (orderId: string) => [...uploadLinksKey, 'rating', orderId] as const;
export const customerUploadKey = (token: string) => ['customer-upload', token] as const;
export const customerStatusKey = (token: string) => ['customer-upload', token, 'status'] as const;
