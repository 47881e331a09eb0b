import type { Db } from '../../db/client.ts';

// The ports other features fill for upload links (app.ts wires them): kept apart from the service.

/** A rating as the alerts are told of it. */
export interface RatedEvent {
  orderId: string;
  orderNumber: string;
  rating: number;
  comment: string | null;
  at: Date;
}

/** What the alerts feature offers upload links (its port, as this feature needs it). */
export interface CustomerAlerts {
  customerPhotos(
    tx: Db,
    partnerId: string,
    event: { orderId: string; orderNumber: string; photoCount: number; firstImageId: string; at: Date },
  ): Promise<void>;
  customerRating(tx: Db, partnerId: string, event: RatedEvent): Promise<void>;
}
