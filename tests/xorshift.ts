/**
 * A deterministic byte stream (xorshift32) for property tests, so a failure
 * names a reproducible input: `n` bytes from `seed`, each below `alphabet`.
 */
export function xorshiftBytes(n: number, seed: number, alphabet = 256): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = (x >>> 0) % alphabet;
  }
  return out;
}
