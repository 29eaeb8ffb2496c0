// When the language server dies: restart it after a delay that doubles with each crash in a
// sliding window, and give up after too many. Pure (no `vscode`), so a unit test can drive it.

export interface RestartOptions {
  /** Delay before the first restart; doubled for each further crash inside the window. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Crashes allowed inside the window; one more and the server is left stopped. */
  maxRestarts: number;
  windowMs: number;
}

export const DEFAULT_RESTART: RestartOptions = { baseDelayMs: 300, maxDelayMs: 10_000, maxRestarts: 5, windowMs: 3 * 60_000 };

export type RestartDecision = { restart: true; delayMs: number; attempt: number } | { restart: false; message: string };

export class RestartPolicy {
  private crashes: number[] = [];

  constructor(private readonly opts: RestartOptions = DEFAULT_RESTART) {}

  /** The server's connection closed at `now`: restart (after `delayMs`) or not. */
  onClosed(now = Date.now()): RestartDecision {
    this.crashes = this.crashes.filter(t => now - t < this.opts.windowMs);
    this.crashes.push(now);
    const n = this.crashes.length;
    if (n > this.opts.maxRestarts) {
      const minutes = Math.round(this.opts.windowMs / 60_000);
      return {
        restart: false,
        message: `The Threadline server stopped ${n} times in the last ${minutes} minute${minutes === 1 ? '' : 's'} and will not be restarted. ` +
          'See the Threadline log (Threadline: Show Logs); reload the window to try again.',
      };
    }
    return { restart: true, delayMs: Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** (n - 1)), attempt: n };
  }
}
