/**
 * Shopify's calculated query cost limit: a leaky bucket of points. A query may start only when
 * its requested cost is available; afterwards the difference to its actual cost is refunded.
 */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export class LeakyBucket {
  private available: number;
  private at: number;

  constructor(
    public maximumAvailable: number,
    public restoreRate: number,
    private readonly now: () => number = Date.now,
  ) {
    this.available = maximumAvailable;
    this.at = now();
  }

  private refill(): void {
    const t = this.now();
    this.available = Math.min(
      this.maximumAvailable,
      this.available + ((t - this.at) / 1000) * this.restoreRate,
    );
    this.at = t;
  }

  /** Takes `cost` points when available; false (and nothing taken) otherwise. */
  take(cost: number): boolean {
    this.refill();
    if (cost > this.available) return false;
    this.available -= cost;
    return true;
  }

  refund(points: number): void {
    this.refill();
    this.available = Math.min(this.maximumAvailable, this.available + points);
  }

  /** Empties the bucket (the throttle fault). */
  drain(): void {
    this.refill();
    this.available = 0;
  }

  status(): ThrottleStatus {
    this.refill();
    return {
      maximumAvailable: this.maximumAvailable,
      currentlyAvailable: Math.floor(this.available),
      restoreRate: this.restoreRate,
    };
  }
}
