/**
 * Records kept as bytes in one growing Buffer, outside V8's heap, with where each ends; an encoder
 * writes each in place (`room`, `commit`: the request log's rows of binary COPY, db/copy-binary.ts).
 * For entries that wait in memory until a batched write (the request log): thousands of strings or
 * objects alive for a fraction of a second each survive young-generation collections, are copied by
 * each and promoted to the old generation. Bytes in a Buffer are never copied or traced by the
 * collector, and a write sends a slice as it is.
 */
export class ByteRecords {
  private bytes: Buffer;
  /** A Buffer handed back after its write (`recycle`): the next `take` starts on it, so a steady flow of writes reuses two Buffers instead of leaving one to the collector per write. */
  private spare: Buffer | null = null;
  /**
   * The largest Buffer kept for reuse. A backlog (the request log holds up to 100,000 entries, ~25 MB,
   * while the database is away) grows a Buffer far past a steady flow's; kept and passed back and
   * forth it would stay resident for the life of the process.
   */
  private readonly maxSpare: number;
  private used = 0;
  /** `view`'s DataView, and the Buffer it was made for. */
  private dataView: DataView = new DataView(new ArrayBuffer(0));
  private viewed: Buffer | null = null;
  /** Byte offset where each record ends (exclusive), oldest first; those before `head` were dropped. */
  private ends: number[] = [];
  private head = 0;
  /** Where the oldest record kept starts. */
  private start = 0;

  /** `maxSpareBytes`: the largest Buffer kept for reuse (a steady flow's batches must fit, or each write grows a new one). */
  constructor(
    private readonly initialCapacity = 256 * 1024,
    maxSpareBytes = initialCapacity * 8,
  ) {
    this.bytes = Buffer.allocUnsafeSlow(initialCapacity);
    this.maxSpare = maxSpareBytes;
  }

  get count(): number {
    return this.ends.length - this.head;
  }

  /**
   * The Buffer to write the next record into, from `end`, with room for `bytes` more: an encoder
   * writes there and then calls `commit` with where the record ends. Only valid until the next call
   * that adds a record (the Buffer may be replaced to grow).
   */
  room(bytes: number): Buffer {
    this.reserve(bytes);
    return this.bytes;
  }

  /**
   * A DataView of the Buffer `room` returned last (same validity): an encoder writing a multi-byte
   * integer over bytes already in place stores it at once instead of byte by byte.
   */
  get view(): DataView {
    if (this.viewed !== this.bytes) {
      this.dataView = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
      this.viewed = this.bytes;
    }
    return this.dataView;
  }

  /** Where the next record starts in the Buffer `room` returns. */
  get end(): number {
    return this.used;
  }

  /** Ends the record written since the last one, at `end` (exclusive; within the room asked for). */
  commit(end: number): void {
    this.used = end;
    this.ends.push(end);
  }

  /** Appends records already encoded: `bytes`, whose records end at `ends` (offsets into `bytes`). */
  pushBytes(bytes: Buffer, ends: readonly number[]): void {
    this.reserve(bytes.length);
    const base = this.used;
    bytes.copy(this.bytes, base);
    this.used += bytes.length;
    for (const end of ends) this.ends.push(base + end);
  }

  /** Drops the `n` oldest records (their bytes stay until `take`: no copying per call). */
  dropOldest(n: number): void {
    if (n <= 0) return;
    this.head = Math.min(this.ends.length, this.head + n);
    this.start = this.head === 0 ? 0 : this.ends[this.head - 1]!;
  }

  /**
   * Takes every record out: their bytes (a view of this instance's old Buffer, `backing`, now the
   * caller's until it hands it back with `recycle`) and where each ends, relative to those bytes.
   * The instance starts again empty, on another Buffer.
   */
  take(): { bytes: Buffer; ends: number[]; backing: Buffer } {
    const start = this.start;
    const ends = this.head === 0 ? this.ends : this.ends.slice(this.head).map((end) => end - start);
    const taken = { bytes: this.bytes.subarray(start, this.used), ends, backing: this.bytes };
    // Sized for a steady flow, not for what was just taken: `reserve` grows it if a backlog returns.
    this.bytes = this.spare ?? Buffer.allocUnsafeSlow(this.initialCapacity);
    this.spare = null;
    this.used = 0;
    this.ends = [];
    this.head = 0;
    this.start = 0;
    return taken;
  }

  /** Hands back a Buffer `take` gave out, once nothing reads it any more. */
  recycle(backing: Buffer): void {
    if (backing !== this.bytes && backing.length <= this.maxSpare && (!this.spare || backing.length > this.spare.length)) this.spare = backing;
  }

  private reserve(extra: number): void {
    if (this.used + extra <= this.bytes.length) return;
    let capacity = this.bytes.length * 2;
    while (capacity < this.used + extra) capacity *= 2;
    const grown = Buffer.allocUnsafeSlow(capacity);
    this.bytes.copy(grown, 0, 0, this.used);
    this.bytes = grown;
  }
}
