import { assertStringIncludes, assertThrows } from "../../tests/assert.ts";
import { type AnyCommand, defineCommand } from "./command.ts";
import { COMMANDS } from "./commands.ts";
import { renderCompletions, SHELLS } from "./completions.ts";

const later: AnyCommand = defineCommand({
  name: "zzlater",
  summary: "a command added after completions were written",
  usage: ["zzlater"],
  flags: [{ name: "zzflag", summary: "it's [new]: quoted", value: "V", choices: ["one", "two"] }],
  words: ["zzword"],
  parse: () => ({}),
  run: () => 0,
});

Deno.test("renderCompletions() covers a command added to the table later, with its flags, choices and words", () => {
  for (const shell of SHELLS) {
    const script = renderCompletions(shell, [...COMMANDS, later]);
    for (const part of ["zzlater", "zzflag", "one two", "zzword"]) {
      assertStringIncludes(script.replaceAll("', '", " "), part, `${shell}: ${part}`);
    }
  }
});

Deno.test("renderCompletions() refuses names that are not plain words (they would be expanded by shells)", () => {
  const bad = defineCommand({ ...later, name: "x$(id)" });
  assertThrows(() => renderCompletions("bash", [bad]), Error, "x$(id)");
  const badChoice = defineCommand({
    ...later,
    flags: [{ name: "f", summary: "", value: "V", choices: ["a b"] }],
  });
  assertThrows(() => renderCompletions("zsh", [badChoice]), Error, "a b");
});
