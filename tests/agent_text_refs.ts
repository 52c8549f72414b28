/**
 * Test helper: find the `pwf` commands and flags a Markdown text mentions.
 * References are read from code (inline `...` spans and fenced blocks), where
 * the texts write every command; prose is returned separately so a test can
 * make sure no command hides there.
 * @module
 */

/** One `pwf <command> [--flag...]` found in a text. */
export interface FoundRef {
  readonly command: string;
  readonly flags: readonly string[];
  /** The code it was found in, for messages. */
  readonly code: string;
}

/** A text split into its code pieces and its prose. */
export interface SplitText {
  readonly code: readonly string[];
  readonly prose: string;
}

/** Split Markdown into code (fenced blocks, inline spans) and the prose around it. */
export function splitCode(text: string): SplitText {
  const code: string[] = [];
  const withoutFences = text.replace(/^```[^\n]*\n([\s\S]*?)^```[^\n]*$/gm, (_m, body: string) => {
    code.push(...body.split("\n").filter((l) => l.trim() !== ""));
    return " ";
  });
  const prose = withoutFences.replace(/`([^`\n]+)`/g, (_m, body: string) => {
    code.push(body);
    return " ";
  });
  return { code, prose };
}

const PWF = /(?<![\w./$-])pwf\s+([a-z][a-z-]*)/g;

/** Every `pwf <command>` in the code of a text, with the `--flags` that follow it. */
export function findRefs(text: string): FoundRef[] {
  const refs: FoundRef[] = [];
  for (const code of splitCode(text).code) {
    const starts = [...code.matchAll(PWF)];
    starts.forEach((m, i) => {
      const end = starts[i + 1]?.index ?? code.length;
      const tail = code.slice((m.index ?? 0) + m[0].length, end);
      const flags = [...tail.matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)].map((f) => f[1] ?? "");
      refs.push({ command: m[1] ?? "", flags, code });
    });
  }
  return refs;
}

/** Code pieces that pass a `--flag` without naming the pwf command it belongs to. */
export function orphanFlags(text: string): string[] {
  return splitCode(text).code.filter((c) => /^\s*--[a-z]/.test(c));
}

/** Words that follow `pwf` in the prose of a text (outside any code). */
export function proseWordsAfterPwf(text: string): string[] {
  return [...splitCode(text).prose.matchAll(PWF)].map((m) => m[1] ?? "");
}

/** `--flags` in the prose of a text (outside any code). */
export function proseFlags(text: string): string[] {
  return [...splitCode(text).prose.matchAll(/(?:^|[\s(])--([a-z][a-z-]*)/g)].map((m) => m[1] ?? "");
}
