// The Web APIs the pure core may use, and nothing else: the core check
// (tools/core.tsconfig.json, lib ["esnext"]) sees these declarations, so any
// use of Deno.*, console, fetch or timers in lib/core fails to type-check.

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}
declare const crypto: {
  readonly subtle: {
    digest(algorithm: "SHA-256", data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  };
  getRandomValues<T extends Uint8Array>(array: T): T;
};
