import { describe, expect, it } from 'vitest';
import { ByteRecords } from '../../src/server/lib/byte-records';

/** The request log's off-heap record store (lib/byte-records.ts): lines kept in order, and Buffers reused without holding a backlog's size forever. */
describe('ByteRecords', () => {
  const line = (i: number) => `${String(i).padStart(8, '0')}\t${'x'.repeat(190)}\n`;
  /** A record written in place as an encoder writes one: room asked for, bytes written, the end committed. */
  const push = (records: ByteRecords, text: string) => {
    const bytes = records.room(Buffer.byteLength(text));
    records.commit(records.end + bytes.write(text, records.end, 'latin1'));
  };

  it('hands out every line in order, dropping the oldest on request', () => {
    const lines = new ByteRecords(64);
    for (let i = 0; i < 10; i += 1) push(lines, line(i));
    lines.dropOldest(3);
    const taken = lines.take();
    expect(taken.ends).toHaveLength(7);
    expect(taken.bytes.toString('utf8')).toBe(Array.from({ length: 7 }, (_, i) => line(i + 3)).join(''));
  });

  it('goes back to a steady-flow Buffer after a backlog, instead of keeping one the backlog grew', () => {
    const lines = new ByteRecords(256 * 1024);
    // A database outage's backlog: 100,000 entries, ~20 MB.
    for (let i = 0; i < 100_000; i += 1) push(lines, line(i));
    const backlog = lines.take();
    expect(backlog.bytes.length).toBe(100_000 * line(0).length);
    lines.recycle(backlog.backing);
    // The steady flow afterwards: each write's Buffer is the steady size again, and the backlog's is not reused.
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 1_000; i += 1) push(lines, line(i));
      const batch = lines.take();
      expect(batch.ends).toHaveLength(1_000);
      expect(batch.backing.length).toBeLessThanOrEqual(2 * 1024 * 1024);
      lines.recycle(batch.backing);
    }
  });

  it('reuses its Buffers for a steady flow of large batches when they fit the spare bound (the request log: 10,000 lines a flush)', () => {
    const lines = new ByteRecords(256 * 1024, 8 * 1024 * 1024);
    const backings = new Set<Buffer>();
    // 240 bytes, an entry for a resource path: 10,000 of them grow a Buffer to 4 MiB.
    const entry = (i: number) => `${line(i).slice(0, -1)}${'y'.repeat(40)}\n`;
    for (let round = 0; round < 6; round += 1) {
      for (let i = 0; i < 10_000; i += 1) push(lines, entry(i));
      const batch = lines.take();
      expect(batch.ends).toHaveLength(10_000);
      backings.add(batch.backing);
      lines.recycle(batch.backing);
    }
    // The first two rounds grow the two Buffers that alternate; after that none is allocated.
    expect(backings.size).toBe(2);
  });
});
