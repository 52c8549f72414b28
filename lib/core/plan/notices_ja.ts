/**
 * The notices in Japanese (notices.ts).
 * @module
 */

import type { Notices } from "./notices_type.ts";

const UNITS = { minute: "分", hour: "時間", day: "日" } as const;

/** Japanese. */
export const NOTICES_JA: Notices = {
  tampered: (d, expected, actual) =>
    `${d}/task_plan.md は承認後に変更された：expected=${expected} actual=${actual}。変更を確認してから "pwf attest" を実行して承認するか、ファイルを元に戻すこと。`,
  invalidAttestation: (d) =>
    `${d}/.attestation が SHA-256 ハッシュではないため、計画は挿入されなかった。"pwf attest" を実行して現在の計画を承認すること。`,
  notAttested: (mode, d) =>
    `この計画は ${mode} モードで動いているが未承認（not attested）のため、挿入されなかった。${d}/task_plan.md を確認してから "pwf attest" を実行すること。`,
  activePlan: (id, d, hash) =>
    `アクティブな計画：${id ?? "旧形式のルート計画"}（${d}/task_plan.md）${
      hash === null ? "" : `、承認済み sha256=${hash}`
    }`,
  checksOwed: (list) =>
    `未完了のチェック：${list}。AcceptanceCheck のあるフェーズは、最後の編集の後にそのコマンドを書かれたとおりに実行して成功したときに完了する。`,
  owedItem: (phase, claimed, todo) =>
    `フェーズ ${phase}${claimed ? "（完了と記入済み）" : ""}：${todo}`,
  checkRun: (command, why, exit) =>
    `"${command}" を実行する（${
      {
        missing: "まだ実行が見られない",
        failed: `前回の実行が失敗した${exit !== null ? `（終了コード ${exit}）` : ""}`,
        stale: "前回成功した後にファイルが編集された",
        passed: "成功済み",
        unverifiable: "ホストが結果を報告しない",
      }[why]
    }）`,
  regressed: (d, checked, complete) =>
    `${d}/task_plan.md は前のターンからチェック済みの項目を ${checked} 個、完了したフェーズを ${complete} 個失った。よくある原因は、古い読み込みに基づいて書く別の書き手である：ファイルを読み直し、突き合わせてから書き直すこと。注意のみで、何もブロックしていない。`,
  otherPlans: (id, list, example, session) =>
    `このセッションの計画は "${id}"。ほかに開いている計画：${list}。実行するすべての pwf コマンドに --plan ${id} を付けること${
      example ? `（例："pwf phase 2 complete --plan ${id}"）` : ""
    }。${session ? `このセッションだけ切り替えるには："pwf use <id> --session ${session}"。` : ""}`,
  tamperAsk: (d) =>
    `ユーザーに ${d}/task_plan.md の確認と "pwf attest" による承認、またはファイルの復元を依頼すること。`,
  gateTampered: (f, ask) =>
    `ゲート付きの計画が承認後に変更されたため、その状態は信頼できない（完了 ${f.complete}/${f.total}、ゲートによる停止 ${f.block}/${f.cap}）。${ask}それまでは計画の作業を続けること。`,
  gateOwed: (f, o) =>
    `フェーズ ${o.phase} は${
      o.claimed ? "完了と記入されているが" : "進行中で"
    }、その AcceptanceCheck に新しい成功した実行がない（完了 ${f.complete}/${f.total}、ゲートによる停止 ${f.block}/${f.cap}）。次：${o.todo}。そうすれば "${o.command}" が裏付けられる。成功するまで作業を続けること。`,
  gateNotReset: (m) => `（ゲートによる停止の回数をリセットできなかった：${m}）`,
  notInjected: (m) => `${m}；何も注入していません。`,
  briefPhases: (c, t) => `フェーズ：完了 ${c}/${t}`,
  isolated:
    "セッション分離が有効（.planning/sessions/ があります）で、このセッションは登録されていないため、計画を注入していません。.planning/sessions/<session id>.attached を作成して（または PWF_SESSION_ID を設定して）登録するか、.planning/sessions/ を削除して分離を無効にすること。",
  catchup: {
    missing: (file) => `${file}：見つかりません`,
    refused: (file, why) => `${file}：拒否されました（${why}）`,
    how: (source) =>
      ({
        PLAN_ID: "PLAN_ID または --plan で指定",
        session: "このセッションの計画（セッションが紐付けられています）",
        active_plan: ".planning/.active_plan で指定",
        only_open: ".planning 内で唯一の未完了の計画",
        only_plan: ".planning 内で唯一の計画（完了済み）",
        legacy: "プロジェクトルートの旧形式 task_plan.md（読み取り専用）",
      })[source],
    zeroAccess: "アクセスなし：計画ファイルのみから",
    plan: (id, dir, why) => `計画：${id ?? "旧形式のルート計画"}（${dir}；${why}）`,
    phases: (complete, total, active) =>
      `フェーズ：完了 ${complete}/${total}、進行中：${active ?? "なし"}`,
    ledger: (records, partial) => `台帳：${partial ? "少なくとも " : ""}${records} 件`,
    note: "注意",
    title: "タイトル",
    goal: "目標",
    inProgress: "進行中",
    nextStep: "次のステップ",
    none: "（なし）",
    progressTail: "progress.md の末尾の行：",
    lastChange: (file, age, mtime) => `最後の変更：${file}、${age}（${mtime}）`,
    lastChangeUnknown: "最後の変更：不明",
    steps: "復帰の手順：",
    age: (n, unit) => unit === "now" ? "たった今" : `${n} ${UNITS[unit]}前`,
  },
};
