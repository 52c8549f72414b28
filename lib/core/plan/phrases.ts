/**
 * The lines pwf writes for the model, per plan language: the userprompt
 * foot, the post-tool nudge, the pre-compaction reminder and the gate's
 * block reason. Frame delimiters, the DATA ONLY header and the
 * `[planning-with-files]` prefix stay fixed (every frame parser reads them);
 * commands, file names and status values stay as typed. A test keeps every
 * language's lines in step with English (same commands, paths and numbers).
 * @module
 */

import type { Lang } from "./labels.ts";
import { planLanguage } from "./language.ts";
import type { Plan } from "./parse.ts";

/** What a gate block reason names. */
export interface BlockFacts {
  /** The phase the plan is on, already quoted (`'阶段 2: 设计'`). */
  readonly phase: string;
  readonly number: number;
  /** Its status: in progress, pending, or one pwf cannot read. */
  readonly status: "in_progress" | "pending" | "unknown";
  /** The one command that moves the plan forward (`pwf phase 2 complete`). */
  readonly command: string;
  readonly complete: number;
  readonly total: number;
  /** This block's number and the cap. */
  readonly block: number;
  readonly cap: number;
}

/** Pick the wording for a phase status: in progress, pending, unreadable. */
const by = <T>(f: BlockFacts, ip: T, pending: T, unknown: T): T =>
  f.status === "in_progress" ? ip : f.status === "pending" ? pending : unknown;
/** The catch-up's recovery steps (`dir` ends in "/" or is ""; `n` a phase number). */
export interface RecoverySteps {
  readonly reread: (dir: string) => string;
  readonly status: string;
  readonly resume: (n: number) => string;
  readonly start: (n: number) => string;
  readonly allDone: string;
  readonly noPhases: string;
}

/** One language's model-facing lines (`d` is the plan's display path). */
export interface Phrases {
  readonly readFiles: (d: string) => string;
  readonly posttool: (d: string) => string;
  readonly precompact: (d: string) => readonly [string, string, string];
  readonly gateBlock: (f: BlockFacts) => string;
  readonly recovery: RecoverySteps;
}

const en: Phrases = {
  readFiles: (d) =>
    `Read ${d}/findings.md for research context; log each step in ${d}/progress.md.`,
  posttool: (d) =>
    `You changed files: record what you did in ${d}/progress.md, and update the phase status with "pwf phase" if a phase is done.`,
  precompact: (d) => [
    "Context compaction is about to happen.",
    `Before it does, make sure ${d}/progress.md records the latest actions and the phase statuses in ${d}/task_plan.md are current.`,
    "The plan files stay on disk and will be shown again after compaction.",
  ],
  gateBlock: (f) =>
    `Gated plan incomplete: phase ${f.phase} ${
      by(f, "is in_progress", "is pending", "has no readable status")
    } (${f.complete}/${f.total} complete, gate block ${f.block}/${f.cap}). ` +
    by(
      f,
      `Finish its work, then run "${f.command}" (that starts the next phase)`,
      `Start it with "${f.command}" and do its work`,
      `Start it with "${f.command}" and do its work`,
    ) + "; stop when every phase is complete.",
  recovery: {
    reread: (dir) =>
      `Re-read ${dir}task_plan.md, ${dir}progress.md and ${dir}findings.md in full (above are excerpts).`,
    status: 'Run "pwf status" for the phase table.',
    resume: (n) =>
      `Continue Phase ${n} (in progress); log what you do in progress.md and keep "## Next Step" current.`,
    start: (n) => `No phase is in progress: start Phase ${n} with "pwf phase ${n} in_progress".`,
    allDone: 'Every phase is complete: confirm with "pwf check", then report to the user.',
    noPhases: 'The plan has no phases yet: add "### Phase 1: <title>" sections to task_plan.md.',
  },
};

const zh: Phrases = {
  readFiles: (d) => `阅读 ${d}/findings.md 了解研究背景；每一步都记到 ${d}/progress.md。`,
  posttool: (d) =>
    `你修改了文件：把做了什么记到 ${d}/progress.md；若某个阶段已完成，用 "pwf phase" 更新它的状态。`,
  precompact: (d) => [
    "上下文即将被压缩。",
    `在此之前，确认 ${d}/progress.md 记下了最新的动作，且 ${d}/task_plan.md 里的阶段状态是最新的。`,
    "计划文件留在磁盘上，压缩后会再次显示。",
  ],
  gateBlock: (f) =>
    `受门控的计划未完成：阶段 ${f.phase} ${
      by(f, "仍为 in_progress", "仍为 pending", "没有可读的状态")
    }（已完成 ${f.complete}/${f.total}，门控拦截 ${f.block}/${f.cap}）。` +
    by(
      f,
      `完成它的工作后运行 "${f.command}"（这会开始下一阶段）`,
      `用 "${f.command}" 开始它并完成它的工作`,
      `用 "${f.command}" 开始它并完成它的工作`,
    ) + "；所有阶段完成后再停止。",
  recovery: {
    reread: (dir) =>
      `完整重读 ${dir}task_plan.md、${dir}progress.md 和 ${dir}findings.md（上面只是摘录）。`,
    status: '运行 "pwf status" 查看阶段表。',
    resume: (n) =>
      `继续阶段 ${n}（进行中）；把所做的事记到 progress.md，并保持 "## 下一步" 为最新。`,
    start: (n) => `没有进行中的阶段：用 "pwf phase ${n} in_progress" 开始阶段 ${n}。`,
    allDone: '所有阶段都已完成：用 "pwf check" 确认，然后向用户汇报。',
    noPhases: '计划还没有阶段：在 task_plan.md 中添加 "### 阶段 1：<标题>" 小节。',
  },
};

const zhHant: Phrases = {
  readFiles: (d) => `閱讀 ${d}/findings.md 了解研究背景；每一步都記到 ${d}/progress.md。`,
  posttool: (d) =>
    `你修改了檔案：把做了什麼記到 ${d}/progress.md；若某個階段已完成，用 "pwf phase" 更新它的狀態。`,
  precompact: (d) => [
    "上下文即將被壓縮。",
    `在此之前，確認 ${d}/progress.md 記下了最新的動作，且 ${d}/task_plan.md 裡的階段狀態是最新的。`,
    "計畫檔案留在磁碟上，壓縮後會再次顯示。",
  ],
  gateBlock: (f) =>
    `受門控的計畫未完成：階段 ${f.phase} ${
      by(f, "仍為 in_progress", "仍為 pending", "沒有可讀的狀態")
    }（已完成 ${f.complete}/${f.total}，門控攔截 ${f.block}/${f.cap}）。` +
    by(
      f,
      `完成它的工作後執行 "${f.command}"（這會開始下一階段）`,
      `用 "${f.command}" 開始它並完成它的工作`,
      `用 "${f.command}" 開始它並完成它的工作`,
    ) + "；所有階段完成後再停止。",
  recovery: {
    reread: (dir) =>
      `完整重讀 ${dir}task_plan.md、${dir}progress.md 和 ${dir}findings.md（上面只是摘錄）。`,
    status: '執行 "pwf status" 查看階段表。',
    resume: (n) =>
      `繼續階段 ${n}（進行中）；把所做的事記到 progress.md，並保持 "## 下一步" 為最新。`,
    start: (n) => `沒有進行中的階段：用 "pwf phase ${n} in_progress" 開始階段 ${n}。`,
    allDone: '所有階段都已完成：用 "pwf check" 確認，然後向使用者匯報。',
    noPhases: '計畫還沒有階段：在 task_plan.md 中加入 "### 階段 1：<標題>" 小節。',
  },
};

const ar: Phrases = {
  readFiles: (d) => `اقرأ ${d}/findings.md لسياق البحث؛ وسجّل كل خطوة في ${d}/progress.md.`,
  posttool: (d) =>
    `لقد غيّرت ملفات: سجّل ما فعلته في ${d}/progress.md، وحدّث حالة المرحلة بـ "pwf phase" إذا اكتملت مرحلة.`,
  precompact: (d) => [
    "سيُضغط السياق بعد قليل.",
    `قبل ذلك، تأكد أن ${d}/progress.md يسجّل آخر الإجراءات وأن حالات المراحل في ${d}/task_plan.md محدّثة.`,
    "تبقى ملفات الخطة على القرص وستُعرض مجددًا بعد الضغط.",
  ],
  gateBlock: (f) =>
    `الخطة المقيّدة لم تكتمل: المرحلة ${f.phase} ${
      by(f, "ما زالت in_progress", "ما زالت pending", "ليست لها حالة مقروءة")
    } (اكتمل ${f.complete}/${f.total}، منع البوابة ${f.block}/${f.cap}). ` +
    by(
      f,
      `أنهِ عملها ثم شغّل "${f.command}" (يبدأ ذلك المرحلة التالية)`,
      `ابدأها بـ "${f.command}" وأنجز عملها`,
      `ابدأها بـ "${f.command}" وأنجز عملها`,
    ) + "؛ توقف عندما تكتمل كل المراحل.",
  recovery: {
    reread: (dir) =>
      `أعد قراءة ${dir}task_plan.md و${dir}progress.md و${dir}findings.md كاملة (ما سبق مقتطفات).`,
    status: 'شغّل "pwf status" لرؤية جدول المراحل.',
    resume: (n) =>
      `تابع المرحلة ${n} (قيد التنفيذ)؛ سجّل ما تفعله في progress.md وأبقِ "## الخطوة التالية" محدّثة.`,
    start: (n) => `لا مرحلة قيد التنفيذ: ابدأ المرحلة ${n} بـ "pwf phase ${n} in_progress".`,
    allDone: 'اكتملت كل المراحل: تحقق بـ "pwf check"، ثم أبلغ المستخدم.',
    noPhases: 'لا مراحل في الخطة بعد: أضف أقسام "### المرحلة 1: <العنوان>" إلى task_plan.md.',
  },
};

const es: Phrases = {
  readFiles: (d) =>
    `Lee ${d}/findings.md para el contexto de la investigación; anota cada paso en ${d}/progress.md.`,
  posttool: (d) =>
    `Cambiaste archivos: anota lo que hiciste en ${d}/progress.md y actualiza el estado de la fase con "pwf phase" si una fase está terminada.`,
  precompact: (d) => [
    "El contexto está a punto de compactarse.",
    `Antes, asegúrate de que ${d}/progress.md registra las últimas acciones y de que los estados de las fases en ${d}/task_plan.md están al día.`,
    "Los archivos del plan siguen en disco y se mostrarán de nuevo tras la compactación.",
  ],
  gateBlock: (f) =>
    `Plan con compuerta incompleto: la fase ${f.phase} ${
      by(f, "está in_progress", "está pending", "no tiene un estado legible")
    } (${f.complete}/${f.total} completas, bloqueo ${f.block}/${f.cap}). ` +
    by(
      f,
      `Termina su trabajo y luego ejecuta "${f.command}" (eso inicia la fase siguiente)`,
      `Iníciala con "${f.command}" y haz su trabajo`,
      `Iníciala con "${f.command}" y haz su trabajo`,
    ) + "; detente cuando todas las fases estén completas.",
  recovery: {
    reread: (dir) =>
      `Vuelve a leer completos ${dir}task_plan.md, ${dir}progress.md y ${dir}findings.md (arriba solo hay extractos).`,
    status: 'Ejecuta "pwf status" para ver la tabla de fases.',
    resume: (n) =>
      `Continúa la Fase ${n} (en curso); anota lo que hagas en progress.md y mantén "## Siguiente Paso" al día.`,
    start: (n) =>
      `Ninguna fase está en curso: empieza la Fase ${n} con "pwf phase ${n} in_progress".`,
    allDone: 'Todas las fases están completas: confírmalo con "pwf check" e informa al usuario.',
    noPhases: 'El plan aún no tiene fases: añade secciones "### Fase 1: <título>" a task_plan.md.',
  },
};

const de: Phrases = {
  readFiles: (d) =>
    `Lies ${d}/findings.md für den Recherchekontext; halte jeden Schritt in ${d}/progress.md fest.`,
  posttool: (d) =>
    `Du hast Dateien geändert: halte fest, was du getan hast, in ${d}/progress.md, und setze den Status der Phase mit "pwf phase", wenn eine Phase fertig ist.`,
  precompact: (d) => [
    "Der Kontext wird gleich komprimiert.",
    `Stelle vorher sicher, dass ${d}/progress.md die letzten Schritte enthält und die Phasenstatus in ${d}/task_plan.md aktuell sind.`,
    "Die Plandateien bleiben auf der Festplatte und werden nach der Komprimierung wieder gezeigt.",
  ],
  gateBlock: (f) =>
    `Gesperrter Plan unvollständig: Phase ${f.phase} ${
      by(f, "ist in_progress", "ist pending", "hat keinen lesbaren Status")
    } (${f.complete}/${f.total} abgeschlossen, Sperre ${f.block}/${f.cap}). ` +
    by(
      f,
      `Schließe ihre Arbeit ab, dann führe "${f.command}" aus (das startet die nächste Phase)`,
      `Starte sie mit "${f.command}" und erledige ihre Arbeit`,
      `Starte sie mit "${f.command}" und erledige ihre Arbeit`,
    ) + "; stoppe erst, wenn alle Phasen abgeschlossen sind.",
  recovery: {
    reread: (dir) =>
      `Lies ${dir}task_plan.md, ${dir}progress.md und ${dir}findings.md vollständig neu (oben stehen nur Auszüge).`,
    status: 'Führe "pwf status" für die Phasentabelle aus.',
    resume: (n) =>
      `Setze Phase ${n} fort (in Arbeit); halte fest, was du tust, in progress.md und halte "## Nächster Schritt" aktuell.`,
    start: (n) => `Keine Phase ist in Arbeit: beginne Phase ${n} mit "pwf phase ${n} in_progress".`,
    allDone:
      'Alle Phasen sind abgeschlossen: bestätige mit "pwf check", dann berichte dem Benutzer.',
    noPhases:
      'Der Plan hat noch keine Phasen: füge task_plan.md Abschnitte "### Phase 1: <Titel>" hinzu.',
  },
};

const ja: Phrases = {
  readFiles: (d) =>
    `調査の文脈は ${d}/findings.md を読むこと。各ステップを ${d}/progress.md に記録すること。`,
  posttool: (d) =>
    `ファイルを変更した：行ったことを ${d}/progress.md に記録し、フェーズが終わったら "pwf phase" でその状態を更新すること。`,
  precompact: (d) => [
    "まもなくコンテキストが圧縮される。",
    `その前に、${d}/progress.md に最新の作業が記録され、${d}/task_plan.md のフェーズの状態が最新であることを確認すること。`,
    "計画ファイルはディスクに残り、圧縮後に再び表示される。",
  ],
  gateBlock: (f) =>
    `ゲート付きの計画が未完了：フェーズ ${f.phase} ${
      by(f, "が in_progress", "が pending", "の状態が読めない")
    }（完了 ${f.complete}/${f.total}、ゲートによる停止 ${f.block}/${f.cap}）。` +
    by(
      f,
      `作業を終えてから "${f.command}" を実行すること（次のフェーズが始まる）`,
      `"${f.command}" で開始し、その作業を行うこと`,
      `"${f.command}" で開始し、その作業を行うこと`,
    ) + "。すべてのフェーズが完了してから停止すること。",
  recovery: {
    reread: (dir) =>
      `${dir}task_plan.md、${dir}progress.md、${dir}findings.md を全文読み直すこと（上は抜粋のみ）。`,
    status: 'フェーズ表は "pwf status" で確認する。',
    resume: (n) =>
      `フェーズ ${n}（進行中）を続けること。行ったことを progress.md に記録し、"## 次のステップ" を最新に保つ。`,
    start: (n) =>
      `進行中のフェーズがない："pwf phase ${n} in_progress" でフェーズ ${n} を始めること。`,
    allDone: 'すべてのフェーズが完了："pwf check" で確認し、ユーザーに報告すること。',
    noPhases:
      '計画にまだフェーズがない：task_plan.md に "### フェーズ 1：<タイトル>" の節を追加すること。',
  },
};

const fr: Phrases = {
  readFiles: (d) =>
    `Lisez ${d}/findings.md pour le contexte de recherche ; consignez chaque étape dans ${d}/progress.md.`,
  posttool: (d) =>
    `Vous avez modifié des fichiers : consignez ce que vous avez fait dans ${d}/progress.md, et mettez à jour le statut de la phase avec "pwf phase" si une phase est finie.`,
  precompact: (d) => [
    "Le contexte va être compacté.",
    `Avant cela, vérifiez que ${d}/progress.md consigne les dernières actions et que les statuts des phases dans ${d}/task_plan.md sont à jour.`,
    "Les fichiers du plan restent sur le disque et seront de nouveau montrés après le compactage.",
  ],
  gateBlock: (f) =>
    `Plan verrouillé incomplet : la phase ${f.phase} ${
      by(f, "est in_progress", "est pending", "n'a pas de statut lisible")
    } (${f.complete}/${f.total} terminées, blocage ${f.block}/${f.cap}). ` +
    by(
      f,
      `Terminez son travail, puis lancez "${f.command}" (cela démarre la phase suivante)`,
      `Démarrez-la avec "${f.command}" et faites son travail`,
      `Démarrez-la avec "${f.command}" et faites son travail`,
    ) + " ; arrêtez-vous quand toutes les phases sont terminées.",
  recovery: {
    reread: (dir) =>
      `Relisez en entier ${dir}task_plan.md, ${dir}progress.md et ${dir}findings.md (ci-dessus, des extraits seulement).`,
    status: 'Lancez "pwf status" pour le tableau des phases.',
    resume: (n) =>
      `Poursuivez la Phase ${n} (en cours) ; consignez ce que vous faites dans progress.md et gardez "## Prochaine étape" à jour.`,
    start: (n) =>
      `Aucune phase en cours : commencez la Phase ${n} avec "pwf phase ${n} in_progress".`,
    allDone:
      'Toutes les phases sont terminées : confirmez avec "pwf check", puis rendez compte à l\'utilisateur.',
    noPhases:
      'Le plan n\'a pas encore de phases : ajoutez des sections "### Phase 1: <titre>" à task_plan.md.',
  },
};

/** Every language's lines. */
export const PHRASES: Readonly<Record<Lang, Phrases>> = {
  en,
  zh,
  "zh-Hant": zhHant,
  ar,
  es,
  de,
  ja,
  fr,
};

/**
 * The model-facing lines for a parsed plan's language (planLanguage).
 * @example
 * ```ts
 * import { phrasesFor } from "./phrases.ts";
 * import { parsePlan } from "./parse.ts";
 * const p = phrasesFor(parsePlan("## 目标\nx\n### 阶段 1：A\n- **状态：** pending\n"));
 * if (!p.readFiles(".planning/x").startsWith("阅读 ")) throw new Error();
 * ```
 */
export function phrasesFor(
  plan: Pick<Plan, "phases" | "lines" | "goal" | "nextStep" | "currentPhase">,
): Phrases {
  return PHRASES[planLanguage(plan).labels.lang];
}
