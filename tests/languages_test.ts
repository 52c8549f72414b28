/**
 * Plans in the structure of the original's translated templates
 * (tests/testdata/languages/, labels from lib/core/plan/labels.ts): status,
 * check, lint, the gate on every gating host, `pwf phase` and the injected
 * frames treat them exactly like English plans.
 */

import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, readText, REPO, runPwf, writeText } from "./helpers.ts";
import { inBatches } from "./faults.ts";
import { HOSTS } from "../lib/hosts/mod.ts";
import { parsePlan } from "../lib/core/plan/parse.ts";
import { visibleWidth } from "../lib/core/text/color.ts";
import { LANGS as ALL_LANGS } from "../lib/core/plan/labels.ts";
import { NOTICES } from "../lib/core/plan/notices.ts";

const LANGS = ["zh", "zh-Hant", "ar", "es", "de"] as const;

function fixture(lang: string): Promise<string> {
  return Deno.readTextFile(`${REPO}/tests/testdata/languages/${lang}.md`);
}

/** A plan holding the fixture, in the given mode, attested; returns its folder. */
async function planOf(dir: string, lang: string, mode = "--gated"): Promise<string> {
  const id = await initPlan(dir, mode ? ["Lang", mode] : ["Lang"]);
  await writeText(dir, `.planning/${id}/task_plan.md`, await fixture(lang));
  assertEquals((await runPwf(dir, ["attest"])).code, 0);
  return `.planning/${id}`;
}

function titles(text: string): string[] {
  return parsePlan(text).phases.map((p) => p.title);
}

for (const lang of LANGS) {
  Deno.test(`status, check and lint read a ${lang} plan like an English one`, async () => {
    await inProject(async (dir) => {
      await planOf(dir, lang);
      const [t1, t2, t3] = titles(await fixture(lang));
      const status = await runPwf(dir, ["status"]);
      assertStringIncludes(status.stdout, "1/3 complete");
      assertStringIncludes(status.stdout, `[>]  2  in_progress  ${t2}`);
      const check = await runPwf(dir, ["check", "--json"]);
      const counts = JSON.parse(check.stdout);
      assertEquals([check.code, counts.total, counts.complete], [3, 3, 1], check.stdout);
      assert(t1 && t3, "three titled phases");
      const lint = await runPwf(dir, ["lint"]);
      assertEquals(lint.code, 0, lint.stdout);
      assertStringIncludes(lint.stdout, "0 errors");
    });
  });

  Deno.test(`pwf phase round trips a ${lang} plan, keeping its labels byte for byte`, async () => {
    await inProject(async (dir) => {
      const p = await planOf(dir, lang, "");
      const before = await readText(dir, `${p}/task_plan.md`);
      assertEquals((await runPwf(dir, ["phase", "2", "complete", "--no-advance"])).code, 0);
      const done = await readText(dir, `${p}/task_plan.md`);
      const a = before.split("\n"), b = done.split("\n");
      const changed = a.flatMap((l, i) => l === b[i] ? [] : [i]);
      const plan = parsePlan(before);
      assert(changed.includes(plan.phases[1]!.statusLine), `status line changed: ${changed}`);
      for (const i of changed) {
        const label = a[i]!.slice(0, a[i]!.lastIndexOf(" "));
        assert(b[i]!.startsWith(label) || i === plan.currentPhase!.line, `line ${i}: ${b[i]}`);
      }
      assertEquals(JSON.parse((await runPwf(dir, ["check", "--json"])).stdout).complete, 2);
      assertEquals((await runPwf(dir, ["phase", "2", "in_progress"])).code, 0);
      assertEquals(await readText(dir, `${p}/task_plan.md`), before);
    });
  });

  Deno.test(`every gating host's Stop blocks on an unfinished ${lang} plan and names its phase`, async () => {
    await inProject(async (dir) => {
      await planOf(dir, lang);
      const t2 = titles(await fixture(lang))[1]!;
      const stops = HOSTS.flatMap((h) =>
        h.events.filter((e) => e.op === "stop").map((e) => [h.name, e.name] as const)
      );
      assert(stops.length >= 3, "the host table has Stop events");
      // First, while no block counts toward the gate's cap (each host below blocks once more).
      const gate = await runPwf(dir, ["check", "--gate"], { stdin: "{}" });
      assertEquals(JSON.parse(gate.stdout).decision, "block");
      assertStringIncludes(gate.stdout, t2);
      const results = await inBatches(stops, 3, async ([host, event]) => {
        const r = await runPwf(dir, ["hook", host, event], { stdin: "{}" });
        return { host, event, r };
      });
      const blocked = results.filter(({ r }) => r.stdout.includes(t2));
      assert(blocked.length >= 1, `no host blocked: ${JSON.stringify(results.map((x) => x.r))}`);
    });
  });

  Deno.test(`check --gate lets a finished ${lang} plan stop`, async () => {
    await inProject(async (dir) => {
      const p = await planOf(dir, lang);
      const text = await readText(dir, `${p}/task_plan.md`);
      await writeText(
        dir,
        `${p}/task_plan.md`,
        text.replaceAll(/ (in_progress|pending)$/gm, " complete"),
      );
      assertEquals((await runPwf(dir, ["attest"])).code, 0);
      const gate = await runPwf(dir, ["check", "--gate"], { stdin: "{}" });
      assertEquals(gate.code, 0, gate.stderr);
      assertNotIncludes(gate.stdout, `"decision"`);
      assertStringIncludes(gate.stdout, "(3/3)");
    });
  });

  Deno.test(`every tier's frame shows a ${lang} plan's phases`, async () => {
    await inProject(async (dir) => {
      await planOf(dir, lang, "");
      const [t1, t2, t3] = titles(await fixture(lang));
      const prompt = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
      for (const t of [t1, t2, t3]) assertStringIncludes(prompt.stdout, t!);
      const pre = await runPwf(dir, ["hook", "plain", "pretool"], { stdin: "{}" });
      assertStringIncludes(pre.stdout, t2!);
      const start = await runPwf(dir, ["hook", "plain", "session-start"], { stdin: "{}" });
      for (const t of [t1, t2, t3]) assertStringIncludes(start.stdout, t!);
      const smart = await runPwf(dir, ["hook", "plain", "userprompt"], {
        stdin: "{}",
        env: { PWF_INJECT: "smart" },
      });
      for (const t of [t1, t2, t3]) assertStringIncludes(smart.stdout, t!);
    });
  });
}

Deno.test("lint warns on a plan that mixes two languages' labels", async () => {
  await inProject(async (dir) => {
    const p = await planOf(dir, "zh");
    const text = await readText(dir, `${p}/task_plan.md`);
    await writeText(dir, `${p}/task_plan.md`, text.replace("### 阶段 3", "### Phase 3"));
    const lint = await runPwf(dir, ["lint"]);
    assertStringIncludes(lint.stdout, "mixed languages");
    assertStringIncludes(lint.stdout, "0 errors");
  });
});

Deno.test("init keeps the words of every script in plan ids; use --list shows the titles", async () => {
  await inProject(async (dir) => {
    const titles = [
      "重构后端服务",
      "バックエンド改修",
      "إعادة كتابة المستورد",
      "Рефакторинг API",
      "Café déjà vu",
      "🚀",
      "🔥",
    ];
    const ids: string[] = [];
    for (const t of titles) ids.push(await initPlan(dir, [t]));
    const date = ids[0]!.slice(0, 10);
    assertEquals(ids.map((id) => id.slice(11)), [
      "重构后端服务",
      "バックエンド改修",
      "إعادة-كتابة-المستورد",
      "рефакторинг-api",
      "café-déjà-vu",
      "emoji-1f680",
      "emoji-1f525",
    ]);
    for (const id of ids) {
      assertEquals(id.slice(0, 10), date);
      assertEquals((await Deno.stat(`${dir}/.planning/${id}/task_plan.md`)).isFile, true, id);
    }
    const list = JSON.parse((await runPwf(dir, ["use", "--list", "--json"])).stdout);
    const byId = new Map(list.plans.map((p: { id: string; title: string }) => [p.id, p.title]));
    titles.forEach((t, i) => assertEquals(byId.get(ids[i]!), `Task Plan: ${t}`));
    const human = (await runPwf(dir, ["use", "--list"])).stdout;
    assertStringIncludes(human, "TITLE");
    assertStringIncludes(human, "Task Plan: Рефакторинг API");
    // Columns line up in a terminal: wide CJK characters count two columns.
    const stateColumns = human.split("\n").filter((l) => l.includes("  open  ")).map((l) =>
      visibleWidth(l.slice(0, l.indexOf("  open  ")))
    );
    assertEquals(stateColumns.length, titles.length);
    assertEquals(new Set(stateColumns).size, 1, human);
    assertEquals((await runPwf(dir, ["use", ids[2]!])).code, 0);
    assertEquals((await runPwf(dir, ["status", "--json"])).code, 0);
  });
});

Deno.test("init --lang writes the three files in that language; PWF_LANG sets the default", async () => {
  await inProject(async (dir) => {
    const zh = JSON.parse(
      (await runPwf(dir, ["init", "重构", "--lang", "zh", "--gated", "--json"])).stdout,
    );
    assertEquals([zh.lang, zh.mode, zh.template], ["zh", "gated", "default"]);
    const plan = await readText(dir, `${zh.dir}/task_plan.md`);
    assert(plan.startsWith("# 任务计划：重构\n"), plan);
    assertStringIncludes(plan, "### 阶段 1：");
    assertStringIncludes(plan, "- **状态：** in_progress");
    assertStringIncludes(await readText(dir, `${zh.dir}/progress.md`), "# 进度日志");
    assertStringIncludes(await readText(dir, `${zh.dir}/findings.md`), "# 发现与决策");
    assertStringIncludes((await runPwf(dir, ["status"])).stdout, "0/5 complete");
    assertEquals((await runPwf(dir, ["phase", "1", "complete"])).code, 0);
    assertStringIncludes(await readText(dir, `${zh.dir}/task_plan.md`), "- **状态：** complete");
    const ar = JSON.parse(
      (await runPwf(dir, ["init", "خطة", "--json"], { env: { PWF_LANG: "ar" } })).stdout,
    );
    assertEquals(ar.lang, "ar");
    assert((await readText(dir, `${ar.dir}/task_plan.md`)).startsWith("# خطة المهمة: خطة\n"));
    const en = JSON.parse(
      (await runPwf(dir, ["init", "x", "--lang", "en", "--json"], { env: { PWF_LANG: "de" } }))
        .stdout,
    );
    assert((await readText(dir, `${en.dir}/task_plan.md`)).startsWith("# Task Plan: x\n"));
  });
});

Deno.test("init refuses an unknown language and an English-only template with another language", async () => {
  await inProject(async (dir) => {
    const bad = await runPwf(dir, ["init", "x"], { env: { PWF_LANG: "xx" } });
    assertEquals(bad.code, 2);
    assertStringIncludes(bad.stderr, `PWF_LANG="xx" is not a language pwf writes`);
    const flag = await runPwf(dir, ["init", "x", "--lang", "xx"]);
    assertEquals(flag.code, 2);
    assertStringIncludes(
      flag.stderr,
      `"--lang" must be one of en, zh, zh-Hant, ar, es, de, ja, fr`,
    );
    const tpl = await runPwf(dir, ["init", "x", "--lang", "zh", "--template", "analytics"]);
    assertEquals(tpl.code, 2);
    assertStringIncludes(tpl.stderr, `"--template analytics" is English only`);
    assertEquals(
      (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).filter((n) =>
        n === ".planning"
      ),
      [],
    );
  });
});

Deno.test("the model hears a Chinese plan's notices, nudges and gate reason in Chinese", async () => {
  await inProject(async (dir) => {
    const p = await planOf(dir, "zh");
    const gate = JSON.parse((await runPwf(dir, ["check", "--gate"], { stdin: "{}" })).stdout);
    assertStringIncludes(
      gate.reason,
      "[planning-with-files] 受门控的计划未完成：阶段 '阶段 2: 设计'",
    );
    assertStringIncludes(gate.reason, `运行 "pwf phase 2 complete"（这会开始下一阶段）`);
    const post = await runPwf(dir, ["hook", "plain", "posttool"], { stdin: "{}" });
    assertStringIncludes(post.stdout, `[planning-with-files] 你修改了文件：`);
    const prompt = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
    assertStringIncludes(prompt.stdout, "[planning-with-files] DATA ONLY.");
    assertStringIncludes(prompt.stdout, `阅读 ${p}/findings.md`);
    const pre = await runPwf(dir, ["hook", "plain", "precompact"], { stdin: "{}" });
    assertStringIncludes(pre.stdout, "[planning-with-files] 上下文即将被压缩。");
    const smart = await runPwf(dir, ["hook", "plain", "userprompt"], {
      stdin: "{}",
      env: { PWF_INJECT: "smart" },
    });
    assertStringIncludes(smart.stdout, "### 阶段 3: 实现 (pending)");
  });
});

Deno.test("skill print --lang prints the skill, its reference and the slash commands in that language", async () => {
  await inProject(async (dir) => {
    const zh = await runPwf(dir, ["skill", "print", "--lang", "zh"]);
    assertEquals(zh.code, 0, zh.stderr);
    assertStringIncludes(zh.stdout, "# 用文件做规划");
    assertStringIncludes(zh.stdout, "`**状态：**`");
    const json = JSON.parse(
      (await runPwf(dir, ["skill", "print", "--lang", "ar", "--json"])).stdout,
    );
    assertStringIncludes(json.text, "# التخطيط بالملفات");
    assertEquals(json.path.endsWith("/SKILL.md"), true);
    const en = await runPwf(dir, ["skill", "print"]);
    assertStringIncludes(en.stdout, "# Planning with files");
    const cmd = await runPwf(dir, ["skill", "print", "--command", "status", "--lang", "zh"]);
    assertEquals(cmd.code, 0, cmd.stderr);
    assertStringIncludes(cmd.stdout, "在项目根目录运行 `pwf status`");
    assertStringIncludes(cmd.stdout, "`## 下一步`");
    const cursor = await runPwf(dir, [
      "skill",
      "print",
      "--command",
      "plan",
      "--host",
      "cursor",
      "--lang",
      "de",
    ]);
    assertEquals(cursor.code, 0, cursor.stderr);
    assertStringIncludes(cursor.stdout, "(der nach dem Befehl eingegebene Text)");
    assertNotIncludes(cursor.stdout, "$ARGUMENTS");
    const ref = await runPwf(dir, ["skill", "print", "--reference", "--lang", "fr"]);
    assertEquals(ref.code, 0, ref.stderr);
    assertStringIncludes(ref.stdout, "# planning-with-files : référence");
    assertStringIncludes(ref.stdout, "`### Phase <n>: <title>` avec une ligne de statut");
  });
});

Deno.test("catch-up's recovery steps follow a Spanish plan's language", async () => {
  await inProject(async (dir) => {
    await planOf(dir, "es");
    const r = await runPwf(dir, ["catchup"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, `Continúa la Fase 2 (en curso)`);
    assertStringIncludes(r.stdout, `"## Siguiente Paso"`);
  });
});

Deno.test("a Chinese plan's active-plan line, tamper and attestation notices are in Chinese", async () => {
  await inProject(async (dir) => {
    const p = await planOf(dir, "zh");
    const prompt = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
    assertStringIncludes(prompt.stdout, `[planning-with-files] 当前计划：`);
    assertStringIncludes(prompt.stdout, `（${p}/task_plan.md），已认证 sha256=`);
    assertNotIncludes(prompt.stdout, "Active plan:");
    const plan = `${p}/task_plan.md`;
    await writeText(dir, plan, (await readText(dir, plan)) + "\n改动\n");
    const tampered = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
    assertStringIncludes(
      tampered.stdout,
      `[planning-with-files] [PLAN TAMPERED — injection blocked] ${p}/task_plan.md 在认证之后被改动：expected=`,
    );
    const gate = JSON.parse((await runPwf(dir, ["check", "--gate"], { stdin: "{}" })).stdout);
    assertStringIncludes(gate.reason, "[planning-with-files] 受门控的计划在认证之后被改动");
    assertStringIncludes(gate.reason, `请用户审阅 ${p}/task_plan.md 并运行 "pwf attest"`);
    assertEquals((await runPwf(dir, ["attest", "--clear"])).code, 0);
    const unattested = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
    assertStringIncludes(
      unattested.stdout,
      "[planning-with-files] 这个计划以 gated 模式运行，但尚未认证（not attested），所以没有注入。",
    );
  });
});

Deno.test("a Spanish plan's owed check, gate reason and catch-up facts are in Spanish", async () => {
  await inProject(async (dir) => {
    const p = await planOf(dir, "es");
    const plan = `${p}/task_plan.md`;
    await writeText(
      dir,
      plan,
      (await readText(dir, plan)).replace(
        "- **Estado:** in_progress",
        "- **Estado:** in_progress\n- **AcceptanceCheck:** `true`",
      ),
    );
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    const gate = JSON.parse((await runPwf(dir, ["check", "--gate"], { stdin: "{}" })).stdout);
    assertStringIncludes(
      gate.reason,
      "[planning-with-files] La fase 2 está en curso y su AcceptanceCheck no tiene una ejecución correcta reciente (1/3 completas, bloqueo 1/",
    );
    assertStringIncludes(
      gate.reason,
      `Siguiente: ejecuta "true" (aún no se vio ninguna ejecución); después "pwf phase 2 complete" queda probado`,
    );
    const prompt = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
    assertStringIncludes(
      prompt.stdout,
      `[planning-with-files] Comprobaciones pendientes: Fase 2: ejecuta "true" (aún no se vio ninguna ejecución).`,
    );
    const start = await runPwf(dir, ["hook", "plain", "session-start"], { stdin: "{}" });
    assertStringIncludes(
      start.stdout,
      "SESSION CATCH-UP (sin acceso: solo desde los archivos del plan)",
    );
    assertStringIncludes(start.stdout, "Fases: 1/3 completas; en curso: Fase 2");
    assertStringIncludes(start.stdout, "Pasos de recuperación:");
    const catchup = await runPwf(dir, ["catchup"]);
    assertStringIncludes(catchup.stdout, "En curso: Fase 2: Diseño");
    assertStringIncludes(catchup.stdout, "Últimas líneas de progress.md:");
  });
});

Deno.test("a German plan's regression guard line is in German", async () => {
  await inProject(async (dir) => {
    const p = await planOf(dir, "de", "");
    assertEquals((await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" })).code, 0);
    const plan = `${p}/task_plan.md`;
    await writeText(
      dir,
      plan,
      (await readText(dir, plan)).replace("**Status:** complete", "**Status:** pending"),
    );
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    const again = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
    assertStringIncludes(
      again.stdout,
      `[planning-with-files] PLAN REGRESSED: ${p}/task_plan.md hat seit der letzten Runde 0 abgehakte(n) Punkt(e) und 1 abgeschlossene Phase(n) verloren.`,
    );
  });
});

Deno.test("session-start guidance without a plan speaks PWF_LANG", async () => {
  await inProject(async (dir) => {
    await Deno.mkdir(`${dir}/.planning`);
    const ja = await runPwf(dir, ["hook", "plain", "session-start"], {
      stdin: "{}",
      env: { PWF_LANG: "ja" },
    });
    assertStringIncludes(ja.stdout, "[planning-with-files] このプロジェクトは pwf で計画を");
    assertStringIncludes(ja.stdout, "`## 次のステップ`");
    const en = await runPwf(dir, ["hook", "plain", "session-start"], { stdin: "{}" });
    assertStringIncludes(en.stdout, "[planning-with-files] This project keeps plans on disk");
  });
});

Deno.test("a session on a Chinese plan hears about the other open plans in Chinese", async () => {
  await inProject(async (dir) => {
    const other = await initPlan(dir, ["Other"]);
    const zh = await initPlan(dir, ["Zh", "--lang", "zh"]);
    const prompt = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
    assertStringIncludes(
      prompt.stdout,
      `[planning-with-files] 本会话的计划是 "${zh}"；其他未完成的计划：${other}。你运行的每条 pwf 命令都要加上 --plan ${zh}`,
    );
  });
});

Deno.test("every language's gated plan gets its own active-plan line and tamper notices", async () => {
  await inProject(async (dir) => {
    for (const lang of ALL_LANGS) {
      const id = await initPlan(dir, [`Plan ${lang}`, "--gated", "--lang", lang]);
      const d = `.planning/${id}`;
      assertEquals((await runPwf(dir, ["attest", "--plan", id])).code, 0);
      const say = NOTICES[lang];
      const env = { PLAN_ID: id };
      const prompt = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}", env });
      assertStringIncludes(prompt.stdout, `[planning-with-files] ${say.activePlan(id, d, null)}`);
      await writeText(dir, `${d}/task_plan.md`, (await readText(dir, `${d}/task_plan.md`)) + "\n");
      const gate = await runPwf(dir, ["check", "--gate"], { stdin: "{}", env });
      assertStringIncludes(JSON.parse(gate.stdout).reason, say.tamperAsk(d), lang);
      const refused = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}", env });
      assertStringIncludes(refused.stdout, "[PLAN TAMPERED — injection blocked] ", lang);
      assertStringIncludes(refused.stdout, say.tampered(d, "", "").split("expected=")[0]!, lang);
    }
  });
});

Deno.test("a Chinese plan's session-start catch-up says how the plan was chosen and what is missing in Chinese", async () => {
  await inProject(async (dir) => {
    const p = await planOf(dir, "zh");
    const id = p.slice(".planning/".length);
    await Deno.remove(`${dir}/${p}/progress.md`);
    const start = await runPwf(dir, ["hook", "plain", "session-start"], { stdin: "{}" });
    assertEquals(start.code, 0, start.stderr);
    assertStringIncludes(start.stdout, `[planning-with-files] SESSION CATCH-UP (`);
    assertStringIncludes(start.stdout, `\n计划：${id}（${p}；由 .planning/.active_plan 指定）\n`);
    assertStringIncludes(start.stdout, "\n注意: progress.md：缺失\n");
    assertNotIncludes(start.stdout, "named by");
    assertNotIncludes(start.stdout, ": missing");
    const json = JSON.parse((await runPwf(dir, ["catchup", "--json"])).stdout);
    assertEquals([json.lang, json.plan.why, json.problems], [
      "zh",
      "由 .planning/.active_plan 指定",
      ["progress.md：缺失"],
    ]);
  });
});

Deno.test("an English plan's catch-up keeps the resolution's own words and English notes", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Plain"]);
    await Deno.remove(`${dir}/.planning/${id}/progress.md`);
    const start = await runPwf(dir, ["hook", "plain", "session-start"], { stdin: "{}" });
    assertStringIncludes(
      start.stdout,
      `\nPlan: ${id} (.planning/${id}; named by .planning/.active_plan)\n`,
    );
    assertStringIncludes(start.stdout, "\nNote: progress.md: missing\n");
  });
});

Deno.test("a failure notice and the isolation notice on a Chinese plan are worded in Chinese", async () => {
  await inProject(async (dir) => {
    const p = await planOf(dir, "zh");
    const mode = await readText(dir, `${p}/.mode`);
    await Deno.remove(`${dir}/${p}/.mode`);
    await Deno.mkdir(`${dir}/${p}/.mode`);
    const failed = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
    assertEquals(failed.code, 0, failed.stderr);
    // The store's message stays as it is; the words around it follow the plan.
    assert(
      /^\[planning-with-files\] refused "[^"]*\.mode": [^\n]*；未注入任何内容。\n$/.test(
        failed.stdout,
      ),
      failed.stdout,
    );
    await Deno.remove(`${dir}/${p}/.mode`);
    await writeText(dir, `${p}/.mode`, mode);
    await Deno.mkdir(`${dir}/.planning/sessions`);
    const isolated = await runPwf(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
    assertEquals(isolated.stdout, `[planning-with-files] ${NOTICES.zh.isolated}\n`);
    const english = await runPwf(dir, ["hook", "plain", "userprompt"], {
      stdin: "{}",
      env: { PLAN_ID: "nope" },
    });
    assertStringIncludes(english.stdout, "; nothing injected.\n");
  });
});

Deno.test("the brief view before a tool counts a German plan's phases in German", async () => {
  await inProject(async (dir) => {
    await planOf(dir, "de", "");
    const pre = await runPwf(dir, ["hook", "plain", "pretool"], {
      stdin: "{}",
      env: { PWF_INJECT: "smart" },
    });
    assertStringIncludes(pre.stdout, "\nPhasen: 1/3 abgeschlossen\nIn Arbeit: Phase 2: Entwurf");
    assertNotIncludes(pre.stdout, "Phases:");
  });
});
