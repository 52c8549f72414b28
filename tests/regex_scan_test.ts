/**
 * Issue 26 item 1: no regular expression in pwf's sources can backtrack
 * superlinearly on untrusted text (plan, transcript, settings, payloads,
 * argv). tests/regex_scan.ts says what the scan flags; a flagged pattern that
 * is safe goes on ALLOWED below with its reason.
 * @module
 */

import { assertEquals } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { filesUnder } from "../tools/layers.ts";
import { backtrackRisk, findRegexes } from "./regex_scan.ts";

/** Flagged patterns that are safe, by file and source (or call text), with the reason. */
const ALLOWED: readonly { file: string; pattern: string; why: string }[] = [
  {
    file: "lib/hosts/glue_template.ts",
    pattern: "__PWF_([A-Z]+(?:_[A-Z]+)*)__",
    why: "reads pwf's own glue templates, not untrusted text; each repetition starts " +
      "with `_`, which `[A-Z]` cannot take, so every character has one parse",
  },
  {
    file: "lib/hosts/mastra.ts",
    pattern: " \\(.*\\)$",
    why: "reads the host table's own event descriptions (constants), not untrusted text",
  },
  {
    file: "lib/core/inject/framing.ts",
    pattern: "new RegExp( `(?<=^|${LINE_TERMINATOR_SOURCE})===BEGIN-PWF-DATA kind=(\\\\S+) " +
      "nonce=([0-9a-f]+) bytes=(\\\\d+) ` + `sha256=([0-9a-f]{64}) truncated=(true|false)===\\\\n`, " +
      '"g", )',
    why: "starts with a fixed `===BEGIN-PWF-DATA` after a line start; each unbounded run " +
      "(`\\S+`, `[0-9a-f]+`, `\\d+`) is followed by a character it cannot take",
  },
  {
    file: "lib/core/text/display.ts",
    pattern: 'new RegExp(RELATIVE + absolute, "gu")',
    why: "`(?:/SEGMENT)*`: each repetition starts with `/`, which a segment cannot take " +
      "(and `<[a-z ]+>` ends with `>`), so every character has one parse; it matches only " +
      "at `.planning` or the project root",
  },
  {
    file: "lib/core/settings/toml_table.ts",
    pattern:
      `^((?:[A-Za-z0-9_-]+|"(?:[^"\\\\]|\\\\.)*"|'[^']*')(?:\\s*\\.\\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\\\]|\\\\.)*"|'[^']*'))*)\\s*=`,
    why: "anchored at the line start; each repetition must take a `.` between its blank runs, " +
      "so a blank run belongs to one repetition or to the final `\\s*=`, never to both in " +
      "more than one way, and the string alternatives are disjoint: linear on one line",
  },
  ...[`new RegExp(LINE_TERMINATOR_SOURCE)`, `new RegExp(LINE_TERMINATOR_SOURCE, "g")`].map((
    pattern,
  ) => ({
    file: "lib/core/text/lines.ts",
    pattern,
    why: "LINE_TERMINATOR_SOURCE has no quantifier: CRLF or one terminator character",
  })),
];

/** Every source file whose regexes see untrusted text: main.ts and lib/ (tests aside). */
async function sources(): Promise<string[]> {
  const lib = await filesUnder(REPO, "lib");
  return ["main.ts", ...lib.filter((f) => f.endsWith(".ts") && !f.endsWith("_test.ts"))];
}

Deno.test("no regex in main.ts or lib/ has nested or adjacent unbounded quantifiers, except the allow-listed ones", async () => {
  const flagged: string[] = [];
  const used = new Set<string>();
  for (const file of await sources()) {
    const code = await Deno.readTextFile(`${REPO}/${file}`);
    for (const r of findRegexes(code)) {
      const pattern = r.source ?? r.text;
      const risk = r.source === null
        ? "built from a non-literal (the scan cannot read it)"
        : backtrackRisk(r.source, r.flags);
      if (risk === null) continue;
      const allowed = ALLOWED.find((a) => a.file === file && a.pattern === pattern);
      if (allowed) used.add(`${file} ${pattern}`);
      else flagged.push(`${file}:${r.line}: ${risk}: ${pattern}`);
    }
  }
  assertEquals(flagged, [], "rewrite these as a loop (lib/core/text/trim.ts) or allow-list them");
  const stale = ALLOWED.filter((a) => !used.has(`${a.file} ${a.pattern}`));
  assertEquals(stale.map((a) => `${a.file}: ${a.pattern}`), [], "stale allow-list entries");
});

Deno.test("the regex scan flags the patterns that stalled hooks in issue 26 and passes linear ones", () => {
  const quadratic: [string, string][] = [
    [String.raw`^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$`, ""], // plan heading
    [String.raw`(?:^|[ \t]+)#+[ \t]*$`, ""], // a phase title's closing hashes
    [String.raw`\s*\n\s*`, "g"], // the error-message formatter
    [String.raw`^\*\*\* (?:(?:Add|Update|Delete) File|Move to): (.+?)\s*$`, ""], // apply_patch
    [String.raw`[\\/]+$`, ""], // trailing separators
    [String.raw`(=*(?:BEGIN|END)-PWF-DATA)`, "gi"], // the framer's delimiter words
    [String.raw`^-+|-+$`, "g"],
    [String.raw`^\s*(?:[-*]\s+)?\*\*Status:\*\*\s*(.*)$`, ""],
    ["(a+)*", ""],
    [String.raw`(\w+\s?)+$`, ""],
  ];
  const linear: [string, string][] = [
    [String.raw`\s+`, "g"],
    [String.raw`\x1b\[[0-9;]*m`, "g"],
    [String.raw`^### +Phase +(\d+)(?!\d)(.*)`, ""],
    [String.raw`^\s*(?:(?:[-*+]|\d+[.)])\s+)?\*\*Status:\*\*(.*)$`, ""],
    [String.raw`^file:\/\/([^/]*)(\/.*)?$`, "i"],
    [String.raw`"(?:[^"\\]|\\.)*"`, "y"],
    [String.raw`'([^']*)'|"([^"]*)"|(\S+)`, "g"],
  ];
  assertEquals(quadratic.filter(([s, f]) => backtrackRisk(s, f) === null), []);
  assertEquals(linear.filter(([s, f]) => backtrackRisk(s, f) !== null), []);
});

Deno.test("the regex scan finds literals and new RegExp calls, not regex-like text in strings or comments", () => {
  const code = [
    'const a = "/x+$/"; // /y*z/',
    "const b = /a+$/g; /* /c*d/ */",
    "const c = x / y / z;",
    "const d = `${/e+f/.source}`;",
    'const e = new RegExp("g+h", "u");',
    "const f = new RegExp(SOURCE);",
  ].join("\n");
  assertEquals(
    findRegexes(code).map((r) => [r.line, r.source, r.flags]),
    [[2, "a+$", "g"], [4, "e+f", ""], [5, "g+h", "u"], [6, null, ""]],
  );
});
