/**
 * `.planning/.cache/`: pwf's private, disposable state (regression-guard
 * counts, turn markers, hook receipts). Created on demand, never in a
 * project without `.planning/`; every failure is swallowed, because this
 * state only ever improves a hook's output and must never break it.
 * @module
 */

import { decodeText } from "../core/text.ts";
import { inspect, type Location, planningLoc } from "./containment.ts";
import { makeDir, readFile, removeFile, writeFile } from "./files.ts";

const CACHE_DIR = ".cache";

/** A cache file location. */
export function cacheLoc(root: string, name: string): Location {
  return planningLoc(root, CACHE_DIR, name);
}

/** A safe cache file name from parts (anything odd becomes "_"). */
export function cacheName(...parts: string[]): string {
  return parts.map((p) => p.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_")).join("-");
}

/** Read a cache file as text; null when missing or unreadable. */
export function readCache(root: string, name: string, cap = 1024 * 1024): string | null {
  try {
    const got = readFile(cacheLoc(root, name), cap);
    return got.kind === "file" ? decodeText(got.bytes) : null;
  } catch {
    return null;
  }
}

/** Write a cache file; false (and nothing thrown) when it cannot be written. */
export function writeCache(root: string, name: string, text: string): boolean {
  try {
    if (inspect(planningLoc(root)).kind !== "dir") return false;
    makeDir(planningLoc(root, CACHE_DIR));
    writeFile(planningLoc(root, ".gitignore"), ".cache/\n", { createOnly: true });
    return writeFile(cacheLoc(root, name), text);
  } catch {
    return false;
  }
}

/** Remove a cache file; silently does nothing on failure. */
export function removeCache(root: string, name: string): void {
  try {
    removeFile(cacheLoc(root, name));
  } catch { /* disposable state */ }
}
