/**
 * A source scan for regular expressions that can backtrack superlinearly
 * (issue 26 item 1): every regex literal and `new RegExp(...)` in a
 * TypeScript file, judged by `backtrackRisk`. The rule is conservative: it
 * flags a pattern that might be quadratic, not only one that is; a pattern
 * it flags wrongly goes on the allow-list in tests/regex_scan_test.ts with
 * its reason.
 *
 * What it flags (the shapes that made one plan line stall every hook):
 * - **nested**: an unboundedly repeated group (`*`, `+`, `{n,}`) holding an
 *   unbounded quantifier, e.g. `(a+)*`;
 * - **adjacent**: two unbounded quantifiers whose characters overlap, with
 *   nothing between them but optional items or characters both can take,
 *   followed by something that can fail, e.g. `(.*?)[ \t]+#+$` or
 *   `\s*\n\s*`;
 * - **unanchored**: in a pattern without `^` or the sticky flag, an
 *   unbounded quantifier reached from the start through characters it can
 *   take itself, followed by something that can fail, e.g. `/\s+$/` (each
 *   start position rescans the run: quadratic on a long run not at the end).
 * @module
 */

/** One regular expression found in a source file. */
export interface FoundRegex {
  readonly line: number;
  /** The pattern source; `null` for a `new RegExp` whose argument is not a literal. */
  readonly source: string | null;
  readonly flags: string;
  /** The call's text for a dynamic `new RegExp(...)` (what the allow-list names). */
  readonly text: string;
}

/** Characters the overlap test samples: ASCII, and the non-ASCII ones pwf's patterns name. */
const SAMPLES: readonly string[] = [
  ...Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)),
  "\x85",
  "\xa0",
  "\xe9",
  "\u2013",
  "\u2014",
  "\u2028",
  "\u2029",
  "\u202e",
  "\u3000",
  "\ufeff",
  "\ufffd",
];

interface Item {
  /** Indexes into SAMPLES that the item can consume (a group: any of its items). */
  readonly set: ReadonlySet<number>;
  readonly min: number;
  readonly max: number;
  /** Under a quantifier whose maximum is unbounded. */
  readonly repeated: boolean;
  /** Zero-width and may fail: `$`, `\b`, a lookaround. */
  readonly assertion: boolean;
  /** `^` (or the start of a sticky match). */
  readonly anchor: boolean;
  readonly alternatives: readonly Item[][];
}

/** Why `source` may backtrack superlinearly, or null when the scan sees no risk. */
export function backtrackRisk(source: string, flags: string): string | null {
  const parsed = new Parser(source, flags.replace(/[gydm]/g, "")).alternation();
  for (const alt of parsed) {
    const risk = sequenceRisk(alt, []) ??
      (flags.includes("y") || alt[0]?.anchor ? null : startRisk(alt, [], false));
    if (risk) return risk;
  }
  return null;
}

function unbounded(i: Item): boolean {
  return i.max === Infinity;
}

function overlaps(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}

function subset(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** Whether something from `seq[from]` on can fail (a required item or an assertion). */
function canFail(seq: readonly Item[], from: number, tailFails: boolean): boolean {
  return tailFails || seq.slice(from).some((i) => i.min > 0 || i.assertion);
}

function containsUnbounded(i: Item): boolean {
  return i.alternatives.some((alt) => alt.some((x) => unbounded(x) || containsUnbounded(x)));
}

/**
 * Risks inside `seq`; `after` is what follows it in the enclosing pattern
 * (a quantifier at the end of a group is adjacent to what follows the group).
 */
function sequenceRisk(seq: readonly Item[], after: readonly Item[]): string | null {
  for (let k = 0; k < seq.length; k++) {
    const item = seq[k]!;
    if (item.repeated && containsUnbounded(item)) return "nested unbounded quantifiers";
    const rest = [...seq.slice(k + 1), ...after];
    for (const alt of item.alternatives) {
      const r = sequenceRisk(alt, rest);
      if (r) return r;
    }
    if (unbounded(item) && !isPlainGroup(item) && reach(rest, item.set, false) === "risk") {
      return "adjacent unbounded quantifiers over overlapping characters";
    }
  }
  return null;
}

/** A group that is not repeated and not a lookaround: its items stand in the sequence. */
function isPlainGroup(i: Item): boolean {
  return i.alternatives.length > 0 && !i.repeated && !i.assertion;
}

/**
 * Walking `items` after an unbounded quantifier over `set`: "risk" when
 * another unbounded quantifier overlapping `set` is reachable through
 * optional items and characters `set` also takes, with something after it
 * that can fail; "blocked" when a required character outside `set` comes
 * first; "through" otherwise.
 */
function reach(
  items: readonly Item[],
  set: ReadonlySet<number>,
  tailFails: boolean,
): "risk" | "blocked" | "through" {
  for (let j = 0; j < items.length; j++) {
    const next = items[j]!;
    if (next.assertion || next.anchor) continue;
    const tail = canFail(items, j + 1, tailFails);
    if (isPlainGroup(next)) {
      const results = next.alternatives.map((alt) => reach(alt, set, tail));
      if (results.includes("risk")) return "risk";
      if (next.min > 0 && results.every((r) => r === "blocked")) return "blocked";
      continue;
    }
    if (unbounded(next) && overlaps(set, next.set) && tail) return "risk";
    if (next.min > 0 && !subset(next.set, set)) return "blocked";
  }
  return "through";
}

/**
 * An unanchored pattern: the engine tries every start position, so an
 * unbounded quantifier reached from the start through characters it takes
 * itself rescans its run from each of them.
 */
function startRisk(
  items: readonly Item[],
  required: ReadonlySet<number>[],
  tailFails: boolean,
): string | null {
  const before = [...required];
  for (let j = 0; j < items.length; j++) {
    const item = items[j]!;
    if (item.assertion || item.anchor) continue;
    const tail = canFail(items, j + 1, tailFails);
    if (isPlainGroup(item)) {
      for (const alt of item.alternatives) {
        const r = startRisk(alt, before, tail);
        if (r) return r;
      }
    } else if (unbounded(item) && tail && before.every((b) => subset(b, item.set))) {
      return "unanchored unbounded quantifier followed by something that can fail";
    }
    if (item.min > 0) before.push(item.set);
  }
  return null;
}

/** A recursive-descent reader of JavaScript regex syntax, enough for the scan. */
class Parser {
  private pos = 0;
  constructor(private readonly src: string, private readonly flags: string) {}

  alternation(): Item[][] {
    const alts: Item[][] = [this.sequence()];
    while (this.src[this.pos] === "|") {
      this.pos++;
      alts.push(this.sequence());
    }
    return alts;
  }

  private sequence(): Item[] {
    const out: Item[] = [];
    while (this.pos < this.src.length && this.src[this.pos] !== "|" && this.src[this.pos] !== ")") {
      out.push(this.quantified(this.atom()));
    }
    return out;
  }

  private atom(): Item {
    const start = this.pos;
    const c = this.src[this.pos]!;
    if (c === "(") return this.group();
    if (c === "^") return this.zeroWidth(false, true);
    if (c === "$") return this.zeroWidth(true, false);
    if (c === "\\" && /[bB]/.test(this.src[this.pos + 1] ?? "")) {
      this.pos++;
      return this.zeroWidth(true, false);
    }
    if (c === "[") this.skipClass();
    else if (c === "\\") this.skipEscape();
    else this.pos++;
    return this.leaf(this.src.slice(start, this.pos));
  }

  private zeroWidth(assertion: boolean, anchor: boolean): Item {
    this.pos++;
    return { set: new Set(), min: 0, max: 0, repeated: false, assertion, anchor, alternatives: [] };
  }

  private leaf(text: string): Item {
    const set = new Set<number>();
    if (/^\\[1-9k]/.test(text)) SAMPLES.forEach((_, i) => set.add(i)); // a backreference
    else {
      const re = new RegExp(`^(?:${text})$`, this.flags);
      SAMPLES.forEach((s, i) => re.test(s) && set.add(i));
    }
    return {
      set,
      min: 1,
      max: 1,
      repeated: false,
      assertion: false,
      anchor: false,
      alternatives: [],
    };
  }

  private group(): Item {
    this.pos++;
    let look = false;
    if (this.src[this.pos] === "?") {
      const m = /^\?(?:<[=!]|[=!]|<[A-Za-z_$][\w$]*>|:)/.exec(this.src.slice(this.pos));
      look = /^\?<?[=!]/.test(m?.[0] ?? "");
      this.pos += m?.[0].length ?? 1;
    }
    const alternatives = this.alternation();
    this.pos++; // ")"
    const set = new Set<number>();
    for (const alt of alternatives) for (const i of alt) for (const x of i.set) set.add(x);
    const sum = (alt: Item[], f: (i: Item) => number) => alt.reduce((n, i) => n + f(i), 0);
    const min = Math.min(...alternatives.map((a) => sum(a, (i) => i.min)));
    const max = Math.max(...alternatives.map((a) => sum(a, (i) => i.max)));
    const base = { repeated: false, anchor: false, alternatives };
    return look
      ? { ...base, set: new Set(), min: 0, max: 0, assertion: true }
      : { ...base, set, min, max, assertion: false };
  }

  private quantified(item: Item): Item {
    const rest = this.src.slice(this.pos);
    const m = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/.exec(rest);
    if (!m) return item;
    this.pos += m[0].length;
    const [min, max] = m[1] === "*"
      ? [0, Infinity]
      : m[1] === "+"
      ? [1, Infinity]
      : m[1] === "?"
      ? [0, 1]
      : [Number(m[2]), m[3] === undefined ? Number(m[2]) : m[4] ? Number(m[4]) : Infinity];
    return {
      ...item,
      min: item.min * min,
      max: max === 0 || item.max === 0 ? 0 : item.max * max,
      repeated: max === Infinity,
    };
  }

  private skipClass(): void {
    this.pos++;
    if (this.src[this.pos] === "^") this.pos++;
    if (this.src[this.pos] === "]") this.pos++;
    while (this.pos < this.src.length && this.src[this.pos] !== "]") {
      if (this.src[this.pos] === "\\") this.skipEscape();
      else this.pos++;
    }
    this.pos++;
  }

  private skipEscape(): void {
    const m =
      /^\\(?:[pP]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|k<[^>]*>|\d+|[\s\S])/
        .exec(this.src.slice(this.pos));
    this.pos += m?.[0].length ?? 1;
  }
}

const REGEX_BEFORE =
  /[(,=:[!&|?{};+\-*%<>~^]$|(?:^|[^\w$])(?:return|typeof|case|in|of|void|yield|await)$/;

/**
 * The regex literals and `new RegExp(...)` calls in TypeScript `code`, with
 * the line each starts on. Skips comments, strings and template text.
 */
export function findRegexes(code: string): FoundRegex[] {
  const out: FoundRegex[] = [];
  let i = 0;
  let line = 1;
  let last = ""; // the source text since the last significant token, trimmed
  const templates: number[] = []; // brace depth at each open `${`
  let braces = 0;
  const advance = (to: number) => {
    for (let k = i; k < to; k++) if (code[k] === "\n") line++;
    i = to;
  };
  /** Skip a quoted string or template text; "{" when it stopped at a `${`. */
  const skipQuoted = (q: string): string => {
    let k = i + 1;
    while (k < code.length && code[k] !== q) {
      if (code[k] === "\\") k++;
      else if (q === "`" && code[k] === "$" && code[k + 1] === "{") {
        templates.push(braces);
        braces++;
        advance(k + 2);
        return "{";
      }
      k++;
    }
    advance(k + 1);
    return "s";
  };
  while (i < code.length) {
    const c = code[i]!;
    if (c === "/" && code[i + 1] === "/") advance(nextIndexOf(code, "\n", i));
    else if (c === "/" && code[i + 1] === "*") advance(nextIndexOf(code, "*/", i) + 2);
    else if (c === "'" || c === '"' || c === "`") {
      last = skipQuoted(c);
    } else if (c === "}" && templates.at(-1) === braces - 1) {
      templates.pop();
      braces--;
      i--;
      last = skipQuoted("`");
    } else if (c === "/" && REGEX_BEFORE.test(last)) {
      const start = i;
      const at = line;
      let k = i + 1;
      let inClass = false;
      while (k < code.length && (code[k] !== "/" || inClass) && code[k] !== "\n") {
        if (code[k] === "\\") k++;
        else if (code[k] === "[") inClass = true;
        else if (code[k] === "]") inClass = false;
        k++;
      }
      const flags = /^[a-z]*/.exec(code.slice(k + 1))![0];
      out.push({ line: at, source: code.slice(start + 1, k), flags, text: "" });
      advance(k + 1 + flags.length);
      last = "r";
    } else if (code.startsWith("new RegExp(", i)) {
      out.push(dynamicRegex(code, i, line));
      advance(i + "new RegExp(".length);
      last = "(";
    } else {
      if (c === "{") braces++;
      if (c === "}") braces--;
      if (!/\s/.test(c)) last = /[\w$]/.test(c) ? (/[\w$]$/.test(last) ? last + c : c) : c;
      advance(i + 1);
    }
  }
  return out;
}

function nextIndexOf(code: string, s: string, from: number): number {
  const k = code.indexOf(s, from);
  return k < 0 ? code.length : k;
}

/** A `new RegExp(...)` call: its source when the arguments are plain string literals. */
function dynamicRegex(code: string, at: number, line: number): FoundRegex {
  const open = at + "new RegExp(".length;
  let depth = 1;
  let k = open;
  while (k < code.length && depth > 0) {
    if (code[k] === "(") depth++;
    if (code[k] === ")") depth--;
    k++;
  }
  const args = code.slice(open, k - 1);
  const literal = /^\s*"((?:[^"\\]|\\.)*)"\s*(?:,\s*"([a-z]*)"\s*)?,?\s*$/.exec(args);
  return literal
    ? { line, source: JSON.parse(`"${literal[1]}"`), flags: literal[2] ?? "", text: "" }
    : { line, source: null, flags: "", text: `new RegExp(${args.replace(/\s+/g, " ")})` };
}
