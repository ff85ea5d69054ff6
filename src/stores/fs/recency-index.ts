/**
 * What one FsStore process knows of its directory: every entry it has seen,
 * with its weight and times, in least-recently-used order.
 *
 * Recency is a doubly linked list through the records (least recent first),
 * as in MemoryStore, so a touch and an eviction are O(1) however many
 * thousand entries the directory holds. The files stay the truth: other
 * processes add and drop entries this index has not seen, so the store checks
 * the file before it acts on a record (see disk-store.ts).
 */

/** One entry as this process last saw it. */
export interface IndexRecord {
  readonly key: string;
  /** Its weight (`entryBytes`), or an upper bound of it when {@link isExact} is false. */
  bytes: number;
  /** When it was last put, in ms: the start of its time to live (the file's mtime). */
  putAt: number;
  /** When it was last put or read, in ms: its recency (the file's atime). */
  usedAt: number;
  /** Whether `bytes` was computed from the content rather than estimated from the file's size. */
  isExact: boolean;
  /** Order of the last touch in this process; breaks ties between equal `usedAt`. */
  touchedSeq: number;
  older: IndexRecord | null;
  newer: IndexRecord | null;
}

/** The fields a caller sets on a record. */
export type RecordFields = Pick<IndexRecord, "bytes" | "putAt" | "usedAt" | "isExact">;

/** Entries by key, in recency order, with their total weight. */
export class RecencyIndex {
  private readonly records = new Map<string, IndexRecord>();
  private oldestRecord: IndexRecord | null = null;
  private newestRecord: IndexRecord | null = null;
  private seq = 0;
  /** Sum of the records' `bytes`. */
  bytes = 0;

  /** How many entries are known. */
  get size(): number {
    return this.records.size;
  }

  /** The least recently used record, the next to evict. */
  get oldest(): IndexRecord | null {
    return this.oldestRecord;
  }

  /** The touch counter now; records touched later have a larger `touchedSeq`. */
  get currentSeq(): number {
    return this.seq;
  }

  /** The record of `key`, if known. */
  get(key: string): IndexRecord | undefined {
    return this.records.get(key);
  }

  /** All records, least recently used first. */
  *values(): IterableIterator<IndexRecord> {
    for (let r = this.oldestRecord; r !== null; r = r.newer) yield r;
  }

  /** Records `key` with `fields` as the most recently used entry. */
  touch(key: string, fields: RecordFields): IndexRecord {
    let record = this.records.get(key);
    if (record === undefined) {
      record = { key, ...fields, touchedSeq: 0, older: null, newer: null };
      this.records.set(key, record);
    } else {
      this.bytes -= record.bytes;
      Object.assign(record, fields);
      this.unlink(record);
    }
    this.bytes += record.bytes;
    record.touchedSeq = ++this.seq;
    this.link(record);
    return record;
  }

  /** Forgets `key`; whether it was known. */
  remove(key: string): boolean {
    const record = this.records.get(key);
    if (record === undefined) return false;
    this.records.delete(key);
    this.unlink(record);
    this.bytes -= record.bytes;
    return true;
  }

  /**
   * Replaces the order with `usedAt` order (ties by last touch here): after a
   * directory scan, recency is what the files say, other processes' uses included.
   */
  reorderByUse(): void {
    const sorted = [...this.records.values()].sort((a, b) => a.usedAt - b.usedAt || a.touchedSeq - b.touchedSeq);
    this.oldestRecord = this.newestRecord = null;
    for (const record of sorted) this.link(record);
  }

  private link(record: IndexRecord): void {
    record.older = this.newestRecord;
    record.newer = null;
    if (this.newestRecord !== null) this.newestRecord.newer = record;
    else this.oldestRecord = record;
    this.newestRecord = record;
  }

  private unlink(record: IndexRecord): void {
    if (record.older !== null) record.older.newer = record.newer;
    else this.oldestRecord = record.newer;
    if (record.newer !== null) record.newer.older = record.older;
    else this.newestRecord = record.older;
    record.older = record.newer = null;
  }
}
