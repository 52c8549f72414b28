/**
 * The slash-command prompts in every language pwf writes plans in
 * (templates/agent/i18n/<code>/commands/): English's prompts, steps, `pwf`
 * commands, placeholders and argument hints, in that language's words and
 * with its plan's `## Next Step` name. commands_i18n_test.ts keeps each in
 * step with English.
 * @module
 */

import zhAttest from "../../../templates/agent/i18n/zh/commands/attest.md" with { type: "text" };
import zhDoctor from "../../../templates/agent/i18n/zh/commands/doctor.md" with { type: "text" };
import zhGoal from "../../../templates/agent/i18n/zh/commands/goal.md" with { type: "text" };
import zhLoop from "../../../templates/agent/i18n/zh/commands/loop.md" with { type: "text" };
import zhPlan from "../../../templates/agent/i18n/zh/commands/plan.md" with { type: "text" };
import zhPwf from "../../../templates/agent/i18n/zh/commands/pwf.md" with { type: "text" };
import zhStatus from "../../../templates/agent/i18n/zh/commands/status.md" with { type: "text" };
import zhHantAttest from "../../../templates/agent/i18n/zh-Hant/commands/attest.md" with {
  type: "text",
};
import zhHantDoctor from "../../../templates/agent/i18n/zh-Hant/commands/doctor.md" with {
  type: "text",
};
import zhHantGoal from "../../../templates/agent/i18n/zh-Hant/commands/goal.md" with {
  type: "text",
};
import zhHantLoop from "../../../templates/agent/i18n/zh-Hant/commands/loop.md" with {
  type: "text",
};
import zhHantPlan from "../../../templates/agent/i18n/zh-Hant/commands/plan.md" with {
  type: "text",
};
import zhHantPwf from "../../../templates/agent/i18n/zh-Hant/commands/pwf.md" with {
  type: "text",
};
import zhHantStatus from "../../../templates/agent/i18n/zh-Hant/commands/status.md" with {
  type: "text",
};
import arAttest from "../../../templates/agent/i18n/ar/commands/attest.md" with { type: "text" };
import arDoctor from "../../../templates/agent/i18n/ar/commands/doctor.md" with { type: "text" };
import arGoal from "../../../templates/agent/i18n/ar/commands/goal.md" with { type: "text" };
import arLoop from "../../../templates/agent/i18n/ar/commands/loop.md" with { type: "text" };
import arPlan from "../../../templates/agent/i18n/ar/commands/plan.md" with { type: "text" };
import arPwf from "../../../templates/agent/i18n/ar/commands/pwf.md" with { type: "text" };
import arStatus from "../../../templates/agent/i18n/ar/commands/status.md" with { type: "text" };
import esAttest from "../../../templates/agent/i18n/es/commands/attest.md" with { type: "text" };
import esDoctor from "../../../templates/agent/i18n/es/commands/doctor.md" with { type: "text" };
import esGoal from "../../../templates/agent/i18n/es/commands/goal.md" with { type: "text" };
import esLoop from "../../../templates/agent/i18n/es/commands/loop.md" with { type: "text" };
import esPlan from "../../../templates/agent/i18n/es/commands/plan.md" with { type: "text" };
import esPwf from "../../../templates/agent/i18n/es/commands/pwf.md" with { type: "text" };
import esStatus from "../../../templates/agent/i18n/es/commands/status.md" with { type: "text" };
import deAttest from "../../../templates/agent/i18n/de/commands/attest.md" with { type: "text" };
import deDoctor from "../../../templates/agent/i18n/de/commands/doctor.md" with { type: "text" };
import deGoal from "../../../templates/agent/i18n/de/commands/goal.md" with { type: "text" };
import deLoop from "../../../templates/agent/i18n/de/commands/loop.md" with { type: "text" };
import dePlan from "../../../templates/agent/i18n/de/commands/plan.md" with { type: "text" };
import dePwf from "../../../templates/agent/i18n/de/commands/pwf.md" with { type: "text" };
import deStatus from "../../../templates/agent/i18n/de/commands/status.md" with { type: "text" };
import jaAttest from "../../../templates/agent/i18n/ja/commands/attest.md" with { type: "text" };
import jaDoctor from "../../../templates/agent/i18n/ja/commands/doctor.md" with { type: "text" };
import jaGoal from "../../../templates/agent/i18n/ja/commands/goal.md" with { type: "text" };
import jaLoop from "../../../templates/agent/i18n/ja/commands/loop.md" with { type: "text" };
import jaPlan from "../../../templates/agent/i18n/ja/commands/plan.md" with { type: "text" };
import jaPwf from "../../../templates/agent/i18n/ja/commands/pwf.md" with { type: "text" };
import jaStatus from "../../../templates/agent/i18n/ja/commands/status.md" with { type: "text" };
import frAttest from "../../../templates/agent/i18n/fr/commands/attest.md" with { type: "text" };
import frDoctor from "../../../templates/agent/i18n/fr/commands/doctor.md" with { type: "text" };
import frGoal from "../../../templates/agent/i18n/fr/commands/goal.md" with { type: "text" };
import frLoop from "../../../templates/agent/i18n/fr/commands/loop.md" with { type: "text" };
import frPlan from "../../../templates/agent/i18n/fr/commands/plan.md" with { type: "text" };
import frPwf from "../../../templates/agent/i18n/fr/commands/pwf.md" with { type: "text" };
import frStatus from "../../../templates/agent/i18n/fr/commands/status.md" with { type: "text" };
import type { Lang } from "../plan/labels.ts";
import { AGENT_COMMANDS } from "./texts.ts";

/** Slash-command prompts by name, per language. */
export const COMMAND_TEXTS: Readonly<Record<Lang, Readonly<Record<string, string>>>> = {
  en: AGENT_COMMANDS,
  zh: {
    attest: zhAttest,
    doctor: zhDoctor,
    goal: zhGoal,
    loop: zhLoop,
    plan: zhPlan,
    pwf: zhPwf,
    status: zhStatus,
  },
  "zh-Hant": {
    attest: zhHantAttest,
    doctor: zhHantDoctor,
    goal: zhHantGoal,
    loop: zhHantLoop,
    plan: zhHantPlan,
    pwf: zhHantPwf,
    status: zhHantStatus,
  },
  ar: {
    attest: arAttest,
    doctor: arDoctor,
    goal: arGoal,
    loop: arLoop,
    plan: arPlan,
    pwf: arPwf,
    status: arStatus,
  },
  es: {
    attest: esAttest,
    doctor: esDoctor,
    goal: esGoal,
    loop: esLoop,
    plan: esPlan,
    pwf: esPwf,
    status: esStatus,
  },
  de: {
    attest: deAttest,
    doctor: deDoctor,
    goal: deGoal,
    loop: deLoop,
    plan: dePlan,
    pwf: dePwf,
    status: deStatus,
  },
  ja: {
    attest: jaAttest,
    doctor: jaDoctor,
    goal: jaGoal,
    loop: jaLoop,
    plan: jaPlan,
    pwf: jaPwf,
    status: jaStatus,
  },
  fr: {
    attest: frAttest,
    doctor: frDoctor,
    goal: frGoal,
    loop: frLoop,
    plan: frPlan,
    pwf: frPwf,
    status: frStatus,
  },
};

/**
 * What `$ARGUMENTS` becomes for hosts whose command files have no argument
 * placeholder (Copilot, Cursor), per language.
 */
export const SPOKEN_ARGUMENTS: Readonly<Record<Lang, string>> = {
  en: "(the text typed after the command)",
  zh: "（命令后输入的文字）",
  "zh-Hant": "（命令後輸入的文字）",
  ar: "(النص المكتوب بعد الأمر)",
  es: "(el texto escrito tras el comando)",
  de: "(der nach dem Befehl eingegebene Text)",
  ja: "（コマンドの後に入力された文字列）",
  fr: "(le texte saisi après la commande)",
};
