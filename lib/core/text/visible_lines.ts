/**
 * Which lines of a Markdown text are visible: outside fenced code blocks and
 * HTML comments (the plan parser ignores everything else).
 * @module
 */

const FENCE_REGEXP = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Which lines are visible Markdown, i.e. outside fenced code blocks and HTML
 * comments; a line holding a comment is reduced to its text outside the comment.
 * @example
 * ```ts
 * import { visibleLines } from "./visible_lines.ts";
 * const v = visibleLines(["a", "~~~", "b", "~~~", "<!-- c", "d -->", "e"]);
 * if (v.map((x) => x ?? "-").join() !== "a,-,-,-,,-,e") throw new Error(v.join());
 * ```
 */
export function visibleLines(lines: readonly string[]): (string | null)[] {
  const out: (string | null)[] = [];
  let fence: string | null = null;
  let inComment = false;
  for (const line of lines) {
    if (fence !== null) {
      const m = FENCE_REGEXP.exec(line);
      if (
        m?.[1] && m[1][0] === fence[0] && m[1].length >= fence.length &&
        !line.slice(m[0].length).trim()
      ) fence = null;
      out.push(null);
      continue;
    }
    if (!inComment && mayBeFence(line)) {
      const m = FENCE_REGEXP.exec(line);
      if (m?.[1]) {
        fence = m[1];
        out.push(null);
        continue;
      }
    }
    if (!inComment && !line.includes("<!--")) {
      out.push(line); // the common case, without allocating
      continue;
    }
    const startedInComment = inComment;
    const { text, open } = stripComments(line, inComment);
    inComment = open;
    out.push(startedInComment && text.trim() === "" ? null : text);
  }
  return out;
}

/** Cheap pre-check before the fence regex: the first non-space is ` or ~. */
function mayBeFence(line: string): boolean {
  const t = line.trimStart();
  return t.startsWith("```") || t.startsWith("~~~");
}

function stripComments(line: string, inComment: boolean): { text: string; open: boolean } {
  let text = "";
  let rest = line;
  let open = inComment;
  while (rest.length > 0) {
    if (open) {
      const end = rest.indexOf("-->");
      if (end < 0) return { text, open: true };
      rest = rest.slice(end + 3);
      open = false;
    } else {
      const start = rest.indexOf("<!--");
      if (start < 0) return { text: text + rest, open: false };
      text += rest.slice(0, start);
      rest = rest.slice(start + 4);
      open = true;
    }
  }
  return { text, open };
}
