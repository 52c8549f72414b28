/**
 * SHA256SUMS lines in the format `sha256sum -c` reads: the lowercase hex
 * digest, two spaces, the path relative to the SHA256SUMS file.
 * @module
 */

/** One `sha256sum` line for `bytes` named `path`. */
export async function sha256SumsLine(
  bytes: Uint8Array<ArrayBuffer>,
  path: string,
): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex}  ${path}\n`;
}
