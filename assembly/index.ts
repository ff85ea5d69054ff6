// Kernels compiled to WebAssembly. Every export works on raw pointers into the
// module's own memory: JS copies the input into an arena it manages (growing
// `memory` from the JS side), so the module needs no allocator and no imports.
export function heapBase(): usize {
  return __heap_base;
}
export * from "./sha256";
export * from "./ansi";
export * from "./frames";
export * from "./lines";
export * from "./grep";
export * from "./hash64";
export * from "./tokens";
export * from "./logmask";
export * from "./loghints";
export * from "./word-scan";
