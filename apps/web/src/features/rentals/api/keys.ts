/** Every rentals query key starts with this; a rental or unit written invalidates below it. */
export const RENTALS_KEY = ['rentals'] as const;
export const rentalPhotosKey = (rentalId: string) => [...RENTALS_KEY, 'photos', rentalId] as const;
