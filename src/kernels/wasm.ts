import { WASM_BASE64 } from "./wasm-bytes.generated.js";

/**
 * The raw exports of the kernel module. Every kernel takes pointers into
 * `memory`; the JS side owns the layout (see {@link WasmHost}).
 */
export type KernelExports = Record<string, (...args: number[]) => number> & {
  memory: WebAssembly.Memory;
};

const PAGE = 65536;
const hasBuffer = typeof (globalThis as { Buffer?: unknown }).Buffer === "function";
type NodeBuffer = Uint8Array & {
  write(s: string, offset: number, length: number, encoding: string): number;
  toString(encoding: string, start: number, end: number): string;
};
const NodeBuffer = (
  globalThis as unknown as {
    Buffer?: { from(ab: ArrayBuffer, offset?: number, length?: number): NodeBuffer };
  }
).Buffer;
const utf8Encoder = new TextEncoder();

/**
 * One instance of the kernel module plus the grow-only arena that strings
 * cross through. Views are rebuilt only after `memory.grow`.
 */
export class WasmHost {
  readonly exports: KernelExports;
  readonly memory: WebAssembly.Memory;
  /** First free byte after the module's static data, 16-byte aligned. */
  readonly base: number;
  private buffer: ArrayBuffer;
  private u8View: Uint8Array;
  private u16View: Uint16Array;
  private i32View: Int32Array;
  private nodeView: NodeBuffer | null;

  constructor(instance: WebAssembly.Instance) {
    this.exports = instance.exports as unknown as KernelExports;
    this.memory = this.exports.memory;
    this.base = (this.exports.heapBase() + 15) & ~15;
    this.buffer = this.memory.buffer;
    this.u8View = new Uint8Array(this.buffer);
    this.u16View = new Uint16Array(this.buffer);
    this.i32View = new Int32Array(this.buffer);
    this.nodeView = hasBuffer ? NodeBuffer!.from(this.buffer) : null;
  }

  /** Makes sure bytes [0, end) of memory exist, growing it if needed. */
  reserve(end: number): void {
    const have = this.memory.buffer.byteLength;
    if (end > have) this.memory.grow(Math.ceil((end - have) / PAGE));
    if (this.memory.buffer !== this.buffer) this.refreshViews();
  }

  private refreshViews(): void {
    this.buffer = this.memory.buffer;
    this.u8View = new Uint8Array(this.buffer);
    this.u16View = new Uint16Array(this.buffer);
    this.i32View = new Int32Array(this.buffer);
    this.nodeView = hasBuffer ? NodeBuffer!.from(this.buffer) : null;
  }

  get u8(): Uint8Array {
    return this.u8View;
  }
  get u16(): Uint16Array {
    return this.u16View;
  }
  get i32(): Int32Array {
    return this.i32View;
  }

  /**
   * Copies `text` as UTF-16 code units to `ptr` (even) and returns `ptr`. Lone
   * surrogates are copied as they are: the kernels see exactly the JS string.
   * The caller must have reserved `ptr + 2 * text.length` bytes.
   */
  writeUtf16(text: string, ptr: number): number {
    const n = text.length;
    if (this.nodeView !== null && n > 32) {
      this.nodeView.write(text, ptr, n * 2, "utf16le");
    } else {
      const u16 = this.u16View;
      const at = ptr >>> 1;
      for (let i = 0; i < n; i++) u16[at + i] = text.charCodeAt(i);
    }
    return ptr;
  }

  /** Reads `length` UTF-16 code units at `ptr` back into a string, losslessly. */
  readUtf16(ptr: number, length: number): string {
    if (this.nodeView !== null && length > 32) {
      return this.nodeView.toString("utf16le", ptr, ptr + length * 2);
    }
    const u16 = this.u16View;
    const at = ptr >>> 1;
    let out = "";
    const CHUNK = 8192;
    for (let i = 0; i < length; i += CHUNK) {
      const end = Math.min(length, i + CHUNK);
      out += String.fromCharCode.apply(null, u16.subarray(at + i, at + end) as unknown as number[]);
    }
    return out;
  }

  /**
   * Encodes `text` as UTF-8 at `ptr` (lone surrogates become U+FFFD, as in
   * TextEncoder everywhere) and returns the byte length. Reserves what it needs.
   */
  writeUtf8(text: string, ptr: number): number {
    this.reserve(ptr + text.length * 3 + 16);
    return utf8Encoder.encodeInto(text, this.u8View.subarray(ptr)).written;
  }
}

type Base64Decoders = {
  Buffer?: { from(s: string, encoding: string): Uint8Array };
};
const fromBase64 = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;

/**
 * The module's bytes. Node's `atob` is written in JavaScript and, with the
 * copy loop after it, took 5–25 ms of a cold start; Buffer (Node) or
 * `Uint8Array.fromBase64` (newer engines) decode natively in well under 1 ms.
 */
function decodeBase64(b64: string): Uint8Array {
  const nodeBuffer = (globalThis as Base64Decoders).Buffer;
  if (nodeBuffer !== undefined && typeof nodeBuffer.from === "function") return nodeBuffer.from(b64, "base64");
  if (typeof fromBase64 === "function") return fromBase64(b64);
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/**
 * Compiles and instantiates synchronously where the engine allows it (Node,
 * Deno, workers): about 3 ms instead of 8–15 ms for the async pair, which
 * waits on task scheduling and background threads. Browsers refuse synchronous
 * compilation of modules over 4 KB on the main thread; the async APIs serve there.
 */
async function instantiate(bytes: Uint8Array): Promise<WebAssembly.Instance> {
  let module: WebAssembly.Module;
  try {
    module = new WebAssembly.Module(bytes as BufferSource);
  } catch {
    module = await WebAssembly.compile(bytes as BufferSource);
  }
  try {
    return new WebAssembly.Instance(module, {});
  } catch {
    return WebAssembly.instantiate(module, {});
  }
}

let loading: Promise<WasmHost | null> | null = null;
let ready: WasmHost | null = null;
let disabled = false;

/**
 * Compiles and instantiates the kernel module once per process. Resolves to
 * null where WebAssembly is unavailable (no `WebAssembly`, or a CSP that
 * forbids compiling it): the TS twins then do all the work.
 */
export function loadWasm(): Promise<WasmHost | null> {
  if (loading === null) {
    loading = (async () => {
      if (disabled || typeof WebAssembly !== "object") return null;
      try {
        ready = new WasmHost(await instantiate(decodeBase64(WASM_BASE64)));
        return ready;
      } catch {
        return null;
      }
    })();
  }
  return loading;
}

/** The loaded module, or null before {@link loadWasm} resolves (or if it failed). */
export function wasmHost(): WasmHost | null {
  return disabled ? null : ready;
}

/**
 * Turns the WASM path off (or back on) for this process: for tests of the
 * twins and for callers that must not run WebAssembly.
 */
export function setWasmEnabled(enabled: boolean): void {
  disabled = !enabled;
}
