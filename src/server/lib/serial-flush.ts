/**
 * A write buffer's flush, one write at a time: a flush asked for during a write waits for it and then
 * writes what was recorded meanwhile, so concurrent callers share writes and none is left behind.
 * `take` hands over the buffered batch's write, or null when nothing is buffered. A failed write
 * rejects every caller waiting on it; the buffer decides what to keep for the next flush.
 */
export class SerialFlush {
  private running: Promise<number> | null = null;

  constructor(private readonly take: () => Promise<number> | null) {}

  /** A write is under way. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Resolves with how many were written. */
  flush(): Promise<number> {
    if (this.running) return this.running.then(() => this.flush());
    const write = this.take();
    if (!write) return Promise.resolve(0);
    this.running = write.finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
