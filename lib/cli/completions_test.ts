import { assertEquals } from "../../tests/assert.ts";
import { type AnyCommand, defineCommand } from "./command.ts";
import { COMMANDS } from "./commands.ts";
import { type Candidate, completeWords, type Lookup } from "./complete.ts";

const later: AnyCommand = defineCommand({
  name: "zzlater",
  summary: "a command added after completions were written",
  usage: ["zzlater"],
  flags: [{ name: "zzflag", summary: "it's [new]: quoted", value: "V", choices: ["one", "two"] }],
  words: ["zzword"],
  values: ["word", "host"],
  parse: () => ({}),
  run: () => 0,
});

const words = (got: Candidate[]) => got.map((c) => c.word);
const lookup: Lookup = (source, before) => [{ word: `${source}:${before.join(",")}`, tip: "" }];

Deno.test("completeWords() covers a command added to the table later: name, flags, choices, words, values", () => {
  const table = [...COMMANDS, later];
  assertEquals(words(completeWords(table, [], "zz", lookup)), ["zzlater"]);
  assertEquals(words(completeWords(table, ["zzlater"], "--zz", lookup)), ["--zzflag"]);
  assertEquals(words(completeWords(table, ["zzlater", "--zzflag"], "", lookup)), ["one", "two"]);
  assertEquals(words(completeWords(table, ["zzlater"], "", lookup)), ["zzword"]);
  assertEquals(words(completeWords(table, ["zzlater", "zzword"], "", lookup)), ["host:zzword"]);
  // A flag's value is skipped when counting positionals.
  assertEquals(
    words(completeWords(table, ["zzlater", "--zzflag", "one", "zzword"], "", lookup)),
    ["host:zzword"],
  );
});

Deno.test("completeWords() offers every command and flag of the table, and --help everywhere", () => {
  const top = words(completeWords(COMMANDS, [], "", lookup));
  for (const c of COMMANDS) {
    if (!top.includes(c.name)) throw new Error(`no ${c.name}`);
    const flags = words(completeWords(COMMANDS, [c.name], "-", lookup));
    assertEquals(flags, [...c.flags.map((f) => `--${f.name}`), "--help"]);
  }
  assertEquals(top.slice(-2), ["--help", "--version"]);
});

Deno.test("completeWords() asks the lookup for hook hosts and events, phase statuses, plan ids and ledger events", () => {
  const ask = (before: string[]) => words(completeWords(COMMANDS, before, "", lookup));
  assertEquals(ask(["hook"]), ["host:"]);
  assertEquals(ask(["hook", "claude"]), ["event:claude"]);
  assertEquals(ask(["hooks", "print"]), ["host:print"]);
  assertEquals(ask(["phase"]), ["phase:"]);
  assertEquals(ask(["phase", "2"]), ["status:2"]);
  assertEquals(ask(["use"]), ["plan:"]);
  assertEquals(ask(["archive", "--force"]), ["plan:"]);
  assertEquals(ask(["unarchive"]), ["archived:"]);
  assertEquals(ask(["ledger", "append"]), ["ledger-event:append"]);
  assertEquals(ask(["nosuchcommand"]), []);
});
