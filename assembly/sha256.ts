// SHA-256 compression function (FIPS 180-4) over raw bytes in linear memory.
// The JS side (src/kernels/sha256.ts) encodes the string to UTF-8, feeds whole
// 64-byte blocks, pads the tail and reads the eight state words back; this
// file only runs blocks, so it needs no allocator and no knowledge of strings.

// First 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K: usize = memory.data<u32>([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

// The message schedule of the block being compressed (64 words).
const W: usize = memory.data(256, 16);

/**
 * Runs the compression function over the `len / 64` whole blocks at `ptr`,
 * updating the eight state words (native-endian u32) at `state`.
 */
export function sha256Blocks(state: usize, ptr: usize, len: usize): void {
  let h0 = load<u32>(state), h1 = load<u32>(state, 4), h2 = load<u32>(state, 8), h3 = load<u32>(state, 12);
  let h4 = load<u32>(state, 16), h5 = load<u32>(state, 20), h6 = load<u32>(state, 24), h7 = load<u32>(state, 28);
  const end = ptr + (len & ~63);
  for (let p = ptr; p < end; p += 64) {
    for (let t: usize = 0; t < 64; t += 4) {
      store<u32>(W + t, bswap<u32>(load<u32>(p + t)));
    }
    for (let t: usize = 64; t < 256; t += 4) {
      const x = load<u32>(W + t - 60);
      const y = load<u32>(W + t - 8);
      const s0 = rotr<u32>(x, 7) ^ rotr<u32>(x, 18) ^ (x >>> 3);
      const s1 = rotr<u32>(y, 17) ^ rotr<u32>(y, 19) ^ (y >>> 10);
      store<u32>(W + t, load<u32>(W + t - 64) + s0 + load<u32>(W + t - 28) + s1);
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    for (let t: usize = 0; t < 256; t += 4) {
      const t1 = h + (rotr<u32>(e, 6) ^ rotr<u32>(e, 11) ^ rotr<u32>(e, 25)) + ((e & f) ^ (~e & g))
        + load<u32>(K + t) + load<u32>(W + t);
      const t2 = (rotr<u32>(a, 2) ^ rotr<u32>(a, 13) ^ rotr<u32>(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g; g = f; f = e; e = d + t1;
      d = c; c = b; b = a; a = t1 + t2;
    }
    h0 += a; h1 += b; h2 += c; h3 += d; h4 += e; h5 += f; h6 += g; h7 += h;
  }
  store<u32>(state, h0); store<u32>(state, h1, 4); store<u32>(state, h2, 8); store<u32>(state, h3, 12);
  store<u32>(state, h4, 16); store<u32>(state, h5, 20); store<u32>(state, h6, 24); store<u32>(state, h7, 28);
}
