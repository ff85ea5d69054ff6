/**
 * Cancellation: every async API takes an optional `AbortSignal` and, once it
 * has fired, rejects with the standard `AbortError` (a `DOMException` named
 * so, its cause the signal's own reason when that was something else).
 */

/** The options every async call of pithy and of its stores takes. */
export interface CallOptions {
  /** Cancels the call: it then rejects with an `AbortError`. */
  signal?: AbortSignal;
}

/** The error an aborted call rejects with. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  const error = new DOMException("pithy: the call was aborted", "AbortError");
  if (reason !== undefined) Object.defineProperty(error, "cause", { value: reason, configurable: true });
  return error;
}

/** Throws {@link abortError} when `options.signal` has fired. */
export function throwIfAborted(options: CallOptions | undefined): void {
  const signal = options?.signal;
  if (signal?.aborted === true) throw abortError(signal);
}

/** The same, as a rejected promise (for synchronous store methods that return promises). */
export function rejectIfAborted(options: CallOptions | undefined): Promise<never> | null {
  const signal = options?.signal;
  return signal?.aborted === true ? Promise.reject(abortError(signal)) : null;
}

/**
 * `work`, or a rejection with {@link abortError} as soon as the signal fires
 * (whichever comes first). The work itself goes on: a backend call in flight
 * cannot be taken back, but it is written whole or not at all, never in part.
 */
export function raceAbort<T>(work: Promise<T>, options: CallOptions | undefined): Promise<T> {
  const signal = options?.signal;
  if (signal === undefined) return work;
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
