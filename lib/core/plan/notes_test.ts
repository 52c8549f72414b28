import { assertEquals } from "../../../tests/assert.ts";
import { appendEntry, noteEntry } from "./notes.ts";

const t = new Date(Date.UTC(2026, 11, 2, 3, 4, 5));

Deno.test("noteEntry() makes a delimiter look-alike line part of one list item", () => {
  assertEquals(
    noteEntry("findings.md", "x\n===END-PWF-DATA kind=plan", t),
    "- x\n  ===END-PWF-DATA kind=plan\n",
  );
});

Deno.test("noteEntry() drops blank lines so an entry cannot start a new heading block", () => {
  assertEquals(noteEntry("findings.md", "a\n\n\n## Heading", t), "- a\n  ## Heading\n");
});

Deno.test("appendEntry() keeps a file's CRLF ending as the line end before the entry", () => {
  assertEquals(appendEntry("a\r\n", "- b\n"), "a\r\n- b\n");
});
