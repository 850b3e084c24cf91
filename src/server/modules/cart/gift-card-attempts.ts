/**
 * Gift card codes are the money itself: whoever guesses one can spend it. The HTTP rate limit and the alias
 * limit bound how fast codes can be tried; this bounds how many wrong ones a client address gets at all.
 *
 * The record is kept in this process only: each instance counts the attempts it answered, so behind a load
 * balancer spreading one client over N instances the limit is up to N times as high, and a restart forgets it.
 * That is still a handful of guesses per window per instance, and needs no shared store; a shared one (Redis,
 * already used for pubsub) is the step up if that is not enough.
 */

export const MAX_FAILED_GIFT_CARD_ATTEMPTS = 10;
export const GIFT_CARD_ATTEMPT_WINDOW_MS = 15 * 60_000;
/** Addresses remembered at most; beyond it the oldest go first, so a flood of addresses cannot exhaust memory. */
const MAX_ADDRESSES = 50_000;

export interface GiftCardAttemptOptions {
  maxFailures?: number;
  windowMs?: number;
  now?: () => number;
}

/** One attempt in the record; its identity (not its time, which two may share) is what `succeeded` removes. */
export interface AttemptTicket {
  readonly at: number;
}

/** Attempts counted per client address over a sliding window. */
export class GiftCardAttempts {
  private readonly attempts = new Map<string, AttemptTicket[]>();
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: GiftCardAttemptOptions = {}) {
    this.maxFailures = options.maxFailures ?? MAX_FAILED_GIFT_CARD_ATTEMPTS;
    this.windowMs = options.windowMs ?? GIFT_CARD_ATTEMPT_WINDOW_MS;
    this.now = options.now ?? Date.now;
  }

  private recent(address: string, now: number): AttemptTicket[] {
    const kept = (this.attempts.get(address) ?? []).filter((t) => t.at > now - this.windowMs);
    if (kept.length === 0) this.attempts.delete(address);
    else this.attempts.set(address, kept);
    return kept;
  }

  /**
   * Counts an attempt as failed before its code is looked up, so concurrent requests from one address cannot
   * all pass the check before any of them is counted. Returns a ticket to hand to `succeeded` when the code was
   * good, or null when the address has used up its attempts (the code must then not be looked up).
   */
  begin(address: string): AttemptTicket | null {
    const now = this.now();
    const recent = this.recent(address, now);
    if (recent.length >= this.maxFailures) return null;
    const ticket: AttemptTicket = { at: now };
    // Re-inserted so the Map's order is least recently tried first, for the eviction below.
    this.attempts.delete(address);
    this.attempts.set(address, [...recent, ticket]);
    if (this.attempts.size > MAX_ADDRESSES) this.attempts.delete(this.attempts.keys().next().value!);
    return ticket;
  }

  /** The code was good (or the attempt never ran): it does not count against the address. */
  succeeded(address: string, ticket: AttemptTicket): void {
    const list = this.attempts.get(address);
    const index = list?.indexOf(ticket) ?? -1;
    if (list && index >= 0) list.splice(index, 1);
  }
}
