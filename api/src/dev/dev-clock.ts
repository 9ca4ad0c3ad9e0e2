/**
 * The server's clock in development (DESIGN.md §5 "The clock in development"): the real time plus an offset that
 * only grows, so deadlines, confirmations and "today" can be reached without waiting days.
 */
export class DevClock {
  private offsetMs = 0;

  constructor(private readonly base: () => Date = () => new Date()) {}

  readonly now = (): Date => new Date(this.base().getTime() + this.offsetMs);

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}
