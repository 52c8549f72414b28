/**
 * The glue templates (`templates/glue/`): real `.js`, `.ts` and `.py` files,
 * linted and type-checked as they are, filled in per `--bin` here.
 *
 * A template starts with a header of comments (lint directives, what its
 * placeholders are) that ends at the line `---- end of template header ----`
 * and is not part of the output. A placeholder is a name `__PWF_NAME__`
 * standing where a value goes, so the file stays valid in its language; its
 * value is inserted as given, in one pass (a value is never scanned for
 * further placeholders). The OpenCode plugin and the Pi extension call the
 * shared runner (`templates/glue/runner.js`): their `// __PWF_RUNNER__` line
 * becomes the runner's text, so each output is one self-contained file. (Not
 * an import: the templates are inlined in the bundle as text, which must hold
 * no import of a local file, tests/bundle_test.ts.)
 * @module
 */

import { jsLiteral } from "./glue_literal.ts";
import runnerTemplate from "../../templates/glue/runner.js" with { type: "text" };

const HEADER_END = "---- end of template header ----\n";
const PLACEHOLDER = /__PWF_([A-Z]+(?:_[A-Z]+)*)__/g;

/** The line of a JS glue template that the runner's text replaces. */
const RUNNER_LINE =
  "// __PWF_RUNNER__: the text of runner.js goes here (pwf, pwfSync, contextOf, blockOf)\n";

/**
 * A template's text after its header, with "\n" line ends even from a CRLF
 * checkout (as the TypeScript template literals the glue once was read).
 */
function templateBody(template: string): string {
  const text = template.replace(/\r\n?/g, "\n");
  const at = text.indexOf(HEADER_END);
  if (at < 0) throw new Error(`glue template without "${HEADER_END.trim()}"`);
  return text.slice(at + HEADER_END.length);
}

/**
 * A glue template with its header dropped and each `__PWF_NAME__` replaced by
 * `values[NAME]`, inserted as is (encode first: glue_literal.ts for a value
 * in code).
 * @example
 * ```ts
 * import { fillGlue } from "./glue_template.ts";
 * const t = "// note\n// ---- end of template header ----\nBIN = __PWF_BIN__\n";
 * if (fillGlue(t, { BIN: '"$&"' }) !== 'BIN = "$&"\n') throw new Error("one pass, as given");
 * ```
 */
export function fillGlue(template: string, values: Readonly<Record<string, string>>): string {
  return substitute(templateBody(template), values);
}

/** Each placeholder of `text` replaced by its value, in one pass. */
function substitute(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`glue template: no value for ${whole}`);
    return value;
  });
}

/**
 * A JavaScript glue file (OpenCode's plugin, Pi's extension) for a host and a
 * pwf binary: the template with the runner's text in its `__PWF_RUNNER__` line.
 * The runner starts `bin hook <host> <event>` with an argument list (no
 * shell), the payload on stdin and the event's timeout (milliseconds), and
 * answers `{}` for every failure, each logged once. `bin` appears only as a
 * string literal (lib/hosts/glue_literal.ts), never in a comment. `title`
 * (default: `host`) fills `__PWF_TITLE__`, for lines the glue logs.
 */
export function renderJsGlue(
  template: string,
  host: string,
  bin: string,
  timeouts: Readonly<Record<string, number>>,
  title: string = host,
): string {
  const own = templateBody(template);
  const at = own.indexOf(RUNNER_LINE);
  if (at < 0) throw new Error(`glue template without the line ${JSON.stringify(RUNNER_LINE)}`);
  const text = own.slice(0, at) + templateBody(runnerTemplate) +
    own.slice(at + RUNNER_LINE.length);
  return substitute(text, {
    HOST: jsLiteral(host),
    TITLE: jsLiteral(title),
    BIN: jsLiteral(bin),
    TIMEOUT_MS: jsLiteral(timeouts),
  });
}
