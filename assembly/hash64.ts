// XXH64 (seed 0) over raw bytes in linear memory, streaming: the JS side
// (src/kernels/hash64.ts) writes a string's UTF-8 encoding in bounded chunks,
// `xxh64Stripes` folds whole 32-byte stripes into four lane accumulators kept
// in memory, and `xxh64Digest` mixes the lanes with the tail and the length.

const P1: u64 = 0x9e3779b185ebca87;
const P2: u64 = 0xc2b2ae3d27d4eb4f;
const P3: u64 = 0x165667b19e3779f9;
const P4: u64 = 0x85ebca77c2b2ae63;
const P5: u64 = 0x27d4eb2f165667c5;

// @ts-ignore: decorator
@inline function round(acc: u64, input: u64): u64 {
  return rotl<u64>(acc + input * P2, 31) * P1;
}

// @ts-ignore: decorator
@inline function mergeRound(acc: u64, lane: u64): u64 {
  return (acc ^ round(0, lane)) * P1 + P4;
}

/** Sets the four lane accumulators at `state` (32 bytes) to their seed-0 start. */
export function xxh64Init(state: usize): void {
  store<u64>(state, P1 + P2);
  store<u64>(state, P2, 8);
  store<u64>(state, 0, 16);
  store<u64>(state, 0 - P1, 24);
}

/** Folds the `len / 32` whole stripes at `ptr` into the lane accumulators at `state`. */
export function xxh64Stripes(state: usize, ptr: usize, len: usize): void {
  let v1 = load<u64>(state), v2 = load<u64>(state, 8), v3 = load<u64>(state, 16), v4 = load<u64>(state, 24);
  const end = ptr + (len & ~31);
  for (let p = ptr; p < end; p += 32) {
    v1 = round(v1, load<u64>(p));
    v2 = round(v2, load<u64>(p, 8));
    v3 = round(v3, load<u64>(p, 16));
    v4 = round(v4, load<u64>(p, 24));
  }
  store<u64>(state, v1); store<u64>(state, v2, 8); store<u64>(state, v3, 16); store<u64>(state, v4, 24);
}

/**
 * Finishes a hash of `total` bytes (as two u32 halves) whose last `pending`
 * (< 32) bytes are at `ptr`, and stores the 64-bit result at `state + 32`.
 */
export function xxh64Digest(state: usize, ptr: usize, pending: usize, totalLow: u32, totalHigh: u32): void {
  const total = (<u64>totalHigh << 32) | <u64>totalLow;
  let h: u64;
  if (total >= 32) {
    const v1 = load<u64>(state), v2 = load<u64>(state, 8), v3 = load<u64>(state, 16), v4 = load<u64>(state, 24);
    h = rotl<u64>(v1, 1) + rotl<u64>(v2, 7) + rotl<u64>(v3, 12) + rotl<u64>(v4, 18);
    h = mergeRound(h, v1);
    h = mergeRound(h, v2);
    h = mergeRound(h, v3);
    h = mergeRound(h, v4);
  } else {
    h = P5;
  }
  h += total;
  let p = ptr;
  const end = ptr + pending;
  for (; p + 8 <= end; p += 8) {
    h ^= round(0, load<u64>(p));
    h = rotl<u64>(h, 27) * P1 + P4;
  }
  if (p + 4 <= end) {
    h ^= <u64>load<u32>(p) * P1;
    h = rotl<u64>(h, 23) * P2 + P3;
    p += 4;
  }
  for (; p < end; p++) {
    h ^= <u64>load<u8>(p) * P5;
    h = rotl<u64>(h, 11) * P1;
  }
  h ^= h >> 33;
  h *= P2;
  h ^= h >> 29;
  h *= P3;
  h ^= h >> 32;
  store<u64>(state, h, 32);
}

/** Hashes the `len` bytes at `ptr` in one call; the result lands at `state + 32`. */
export function xxh64Bytes(state: usize, ptr: usize, len: usize): void {
  xxh64Init(state);
  xxh64Stripes(state, ptr, len);
  const whole = len & ~31;
  xxh64Digest(state, ptr + whole, len - whole, <u32>len, 0);
}
