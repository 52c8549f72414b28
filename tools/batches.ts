/**
 * Run jobs a few at a time: the build's fixture fires (tools/eager.ts) and
 * the tests' fault runs (tests/faults.ts) spawn many short processes on a
 * shared machine, where Wine spawns are slow.
 * @module
 */

/** `fn` over `items`, at most `width` at a time; results in the items' order. */
export async function inBatches<T, R>(
  items: readonly T[],
  width: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}
