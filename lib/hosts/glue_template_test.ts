import { assert, assertEquals, assertStringIncludes, assertThrows } from "../../tests/assert.ts";
import { fillGlue, renderJsGlue } from "./glue_template.ts";
import { HOSTS, manifestText } from "./table.ts";

const HEADER = "// lint directives\n// ---- end of template header ----\n";

Deno.test("fillGlue() drops the header and inserts each value as given, in one pass", () => {
  const out = fillGlue(`${HEADER}A = __PWF_A__; B = __PWF_B_C__\n`, {
    A: "__PWF_B_C__ $& $1",
    B_C: '"q"',
  });
  assertEquals(out, 'A = __PWF_B_C__ $& $1; B = "q"\n');
});

Deno.test("fillGlue() reads a template checked out with CRLF line ends as LF", () => {
  const crlf = `${HEADER}a\nb = __PWF_B__\n`.replaceAll("\n", "\r\n");
  assertEquals(fillGlue(crlf, { B: "x\r\ny" }), "a\nb = x\r\ny\n");
});

Deno.test("fillGlue() throws on a placeholder with no value and on a template with no header", () => {
  assertThrows(() => fillGlue(`${HEADER}__PWF_NOPE__\n`, {}), Error, "__PWF_NOPE__");
  assertThrows(() => fillGlue("x = __PWF_A__\n", { A: "1" }), Error, "end of template header");
});

Deno.test("renderJsGlue() puts the runner's text in place of the template's __PWF_RUNNER__ line", () => {
  const template =
    `${HEADER}// runs BIN\n// __PWF_RUNNER__: the text of runner.js goes here (pwf, pwfSync, contextOf, blockOf)\n\nrest();\n`;
  const out = renderJsGlue(template, "h", 'a "b"', { e: 1000 });
  assert(out.startsWith('// runs BIN\nimport { spawn, spawnSync } from "node:child_process";\n'));
  assertStringIncludes(out, '\nconst HOST = "h";\nconst BIN = "a \\"b\\"";\n');
  assertStringIncludes(out, '\nconst TIMEOUT_MS = {"e":1000};\n');
  assert(out.endsWith("}\n\nrest();\n"), out.slice(-40));
  assert(
    !out.includes("__PWF_RUNNER__") && !out.includes("export {"),
    "the marker line and the runner's header are dropped",
  );
});

Deno.test("every glue host renders with no template header or placeholder left", () => {
  for (const h of HOSTS.filter((h) => h.glue !== undefined)) {
    const out = manifestText(h, "/opt/pwf/bin/pwf");
    assert(!out.includes("end of template header"), `${h.name}: header left`);
    assert(!/__PWF_[A-Z_]+__/.test(out), `${h.name}: placeholder left`);
    assertStringIncludes(out, '"/opt/pwf/bin/pwf"');
  }
});
