// The capture's timestamps: the current time as ISO 8601 (UTC, milliseconds), formatted once per millisecond.
/**
 * `new Date().toISOString()` allocates a Date and formats it on every call; a busy proxy asks for the time
 * once per chunk, many times within one millisecond, and the answer only changes when the millisecond does.
 */
export class IsoClock {
  private ms = Number.NaN;
  private text = '';

  constructor(private readonly clock: () => number = Date.now) {}

  now(): string {
    const ms = this.clock();
    if (ms !== this.ms) {
      this.ms = ms;
      this.text = new Date(ms).toISOString();
    }
    return this.text;
  }
}
