/**
 * A store whose backend arrives later: a pipeline can be built synchronously
 * while its persistent store (IndexedDB, fs, Redis) is still opening.
 *
 * Until a delegate is there, `put` rejects with `unavailable` — the pipeline
 * then degrades to lossless output, as with any store failure — and `get`
 * finds nothing. Each call reads the delegate once, when it starts, so a call
 * in flight finishes on the store it began with even if the delegate changes
 * meanwhile; a delegate given as a promise takes over only when it resolves,
 * and only if no later `setDelegate` superseded it.
 */
import { type CallOptions, rejectIfAborted } from "./abort.js";
import { PithyConfigError, PithyStoreError } from "../errors.js";
import { normalizeStoreKey } from "./key.js";
import { type Store, type StoreStats, emptyStoreStats, invalidKey } from "./store.js";

/**
 * A {@link Store} that forwards to a delegate set with {@link LazyStore.setDelegate}.
 * @example
 * const store = new LazyStore();
 * store.setDelegate(openIdbStore()); // a Promise<Store>; puts degrade until it resolves
 */
export class LazyStore implements Store {
  private delegate: Store | undefined;
  /** Bumped by every setDelegate, so a slow promise cannot override a later choice. */
  private generation = 0;

  /** Optionally starts with a delegate (or a promise of one). */
  constructor(delegate?: Store | Promise<Store>) {
    if (delegate !== undefined) this.setDelegate(delegate);
  }

  /** Whether a delegate is in place, i.e. puts are being kept. */
  get hasDelegate(): boolean {
    return this.delegate !== undefined;
  }

  /**
   * Forwards every later call to `store`. Given a promise, the current
   * delegate (if any) keeps serving until it resolves; if it rejects, nothing
   * changes. Throws {@link PithyConfigError} for something that is not a store.
   */
  setDelegate(store: Store | Promise<Store>): void {
    const generation = ++this.generation;
    if (isThenable(store)) {
      store.then(
        (resolved) => {
          if (generation === this.generation && this.isAcceptable(resolved)) this.delegate = resolved;
        },
        () => {
          // The backend failed to open: stay as we are, puts keep degrading.
        },
      );
      return;
    }
    if (!this.isAcceptable(store)) {
      throw new PithyConfigError("delegate", "a Store other than this LazyStore (put, get, delete, stats)", store);
    }
    this.delegate = store;
  }

  put(key: string, content: string, options?: CallOptions): Promise<void> {
    if (normalizeStoreKey(key) === null) return Promise.reject(invalidKey(key));
    const delegate = this.delegate;
    if (delegate === undefined) {
      return Promise.reject(new PithyStoreError("pithy: the store is not ready yet", "unavailable"));
    }
    return rejectIfAborted(options) ?? delegate.put(key, content, options);
  }

  get(key: string, options?: CallOptions): Promise<string | undefined> {
    const delegate = this.delegate;
    return (
      rejectIfAborted(options) ?? (delegate === undefined ? Promise.resolve(undefined) : delegate.get(key, options))
    );
  }

  delete(key: string, options?: CallOptions): Promise<boolean> {
    const delegate = this.delegate;
    return (
      rejectIfAborted(options) ?? (delegate === undefined ? Promise.resolve(false) : delegate.delete(key, options))
    );
  }

  /** The delegate's stats, or those of an empty store before there is one. */
  stats(): Promise<StoreStats> {
    const delegate = this.delegate;
    return delegate === undefined ? Promise.resolve(emptyStoreStats()) : delegate.stats();
  }

  prune(): Promise<number> {
    const delegate = this.delegate;
    return delegate?.prune ? delegate.prune() : Promise.resolve(0);
  }

  private isAcceptable(store: unknown): store is Store {
    if (store === this || store === null || typeof store !== "object") return false;
    const s = store as Record<string, unknown>;
    return (
      typeof s.put === "function" &&
      typeof s.get === "function" &&
      typeof s.delete === "function" &&
      typeof s.stats === "function"
    );
  }
}

function isThenable(value: unknown): value is Promise<Store> {
  return value !== null && typeof value === "object" && typeof (value as { then?: unknown }).then === "function";
}
