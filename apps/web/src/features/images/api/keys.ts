export const imagesKey = ['images'] as const;
export const orderImagesKey = (orderId: string) => [...imagesKey, 'order', orderId] as const;
