/**
 * The notices in Simplified and Traditional Chinese (notices.ts).
 * @module
 */

import type { Notices } from "./notices_type.ts";

/** Simplified Chinese. */
export const NOTICES_ZH: Notices = {
  tampered: (d, expected, actual) =>
    `${d}/task_plan.md 在认证之后被改动：expected=${expected} actual=${actual}。审阅改动后运行 "pwf attest" 批准它，或者恢复该文件。`,
  invalidAttestation: (d) =>
    `${d}/.attestation 不是 SHA-256 哈希，所以计划没有注入。运行 "pwf attest" 批准当前计划。`,
  notAttested: (mode, d) =>
    `这个计划以 ${mode} 模式运行，但尚未认证（not attested），所以没有注入。审阅 ${d}/task_plan.md，然后运行 "pwf attest"。`,
  activePlan: (id, d, hash) =>
    `当前计划：${id ?? "旧式根目录计划"}（${d}/task_plan.md）${
      hash === null ? "" : `，已认证 sha256=${hash}`
    }`,
  checksOwed: (list) =>
    `待完成的检查：${list}。带 AcceptanceCheck 的阶段，要在你最后一次编辑之后原样运行其命令并通过，才会完成。`,
  owedItem: (phase, claimed, todo) => `阶段 ${phase}${claimed ? "（已标记完成）" : ""}：${todo}`,
  checkRun: (command, why, exit) =>
    `运行 "${command}"（${
      {
        missing: "还没有看到运行记录",
        failed: `上一次运行失败${exit !== null ? `，退出码 ${exit}` : ""}`,
        stale: "上一次通过之后有文件被编辑",
        passed: "已通过",
        unverifiable: "主机不报告运行结果",
      }[why]
    }）`,
  regressed: (d, checked, complete) =>
    `${d}/task_plan.md 自上一轮以来少了 ${checked} 个已勾选项和 ${complete} 个已完成阶段。常见原因是另一个写入者依据旧的读取内容在写：重新读取该文件并核对后再写。仅为提醒，没有拦截任何操作。`,
  otherPlans: (id, list, example, session) =>
    `本会话的计划是 "${id}"；其他未完成的计划：${list}。你运行的每条 pwf 命令都要加上 --plan ${id}${
      example ? `（例如 "pwf phase 2 complete --plan ${id}"）` : ""
    }。${session ? `只为本会话切换："pwf use <id> --session ${session}"。` : ""}`,
  tamperAsk: (d) => `请用户审阅 ${d}/task_plan.md 并运行 "pwf attest" 批准它，或者恢复该文件。`,
  gateTampered: (f, ask) =>
    `受门控的计划在认证之后被改动，它的状态不可信（已完成 ${f.complete}/${f.total}，门控拦截 ${f.block}/${f.cap}）。${ask}在此之前继续按计划工作。`,
  gateOwed: (f, o) =>
    `阶段 ${o.phase} ${
      o.claimed ? "已标记完成，但" : "正在进行，且"
    }它的 AcceptanceCheck 没有新近的通过记录（已完成 ${f.complete}/${f.total}，门控拦截 ${f.block}/${f.cap}）。下一步：${o.todo}，之后 "${o.command}" 才有凭据；继续工作直到它通过。`,
  gateNotReset: (m) => `（无法重置门控拦截计数：${m}）`,
  notInjected: (m) => `${m}；未注入任何内容。`,
  briefPhases: (c, t) => `阶段：已完成 ${c}/${t}`,
  isolated:
    "会话隔离已开启（.planning/sessions/ 存在），而本会话未接入，所以没有注入计划。创建 .planning/sessions/<session id>.attached（或设置 PWF_SESSION_ID）来接入本会话，或删除 .planning/sessions/ 关闭隔离。",
  catchup: {
    missing: (file) => `${file}：缺失`,
    refused: (file, why) => `${file}：被拒绝（${why}）`,
    how: (source) =>
      ({
        PLAN_ID: "由 PLAN_ID 或 --plan 指定",
        session: "本会话的计划（本会话已绑定到它）",
        active_plan: "由 .planning/.active_plan 指定",
        only_open: ".planning 中唯一未完成的计划",
        only_plan: ".planning 中唯一的计划（已完成）",
        legacy: "项目根目录中的旧式 task_plan.md（只读）",
      })[source],
    zeroAccess: "零访问：仅依据计划文件",
    plan: (id, dir, why) => `计划：${id ?? "旧式根目录计划"}（${dir}；${why}）`,
    phases: (complete, total, active) =>
      `阶段：已完成 ${complete}/${total}；进行中：${active ?? "无"}`,
    ledger: (records, partial) => `台账：${partial ? "至少 " : ""}${records} 条记录`,
    note: "注意",
    title: "标题",
    goal: "目标",
    inProgress: "进行中",
    nextStep: "下一步",
    none: "（无）",
    progressTail: "progress.md 的最后几行：",
    lastChange: (file, age, mtime) => `最近改动：${file}，${age}（${mtime}）`,
    lastChangeUnknown: "最近改动：未知",
    steps: "恢复步骤：",
    age: (n, unit) =>
      unit === "now" ? "刚刚" : `${n} ${{ minute: "分钟", hour: "小时", day: "天" }[unit]}前`,
  },
};

/** Traditional Chinese. */
export const NOTICES_ZH_HANT: Notices = {
  tampered: (d, expected, actual) =>
    `${d}/task_plan.md 在認證之後被改動：expected=${expected} actual=${actual}。審閱改動後執行 "pwf attest" 核准它，或者還原該檔案。`,
  invalidAttestation: (d) =>
    `${d}/.attestation 不是 SHA-256 雜湊，所以計畫沒有注入。執行 "pwf attest" 核准目前的計畫。`,
  notAttested: (mode, d) =>
    `這個計畫以 ${mode} 模式執行，但尚未認證（not attested），所以沒有注入。審閱 ${d}/task_plan.md，然後執行 "pwf attest"。`,
  activePlan: (id, d, hash) =>
    `目前計畫：${id ?? "舊式根目錄計畫"}（${d}/task_plan.md）${
      hash === null ? "" : `，已認證 sha256=${hash}`
    }`,
  checksOwed: (list) =>
    `待完成的檢查：${list}。帶 AcceptanceCheck 的階段，要在你最後一次編輯之後照原樣執行其命令並通過，才會完成。`,
  owedItem: (phase, claimed, todo) => `階段 ${phase}${claimed ? "（已標記完成）" : ""}：${todo}`,
  checkRun: (command, why, exit) =>
    `執行 "${command}"（${
      {
        missing: "還沒有看到執行紀錄",
        failed: `上一次執行失敗${exit !== null ? `，結束碼 ${exit}` : ""}`,
        stale: "上一次通過之後有檔案被編輯",
        passed: "已通過",
        unverifiable: "主機不回報執行結果",
      }[why]
    }）`,
  regressed: (d, checked, complete) =>
    `${d}/task_plan.md 自上一輪以來少了 ${checked} 個已勾選項目和 ${complete} 個已完成階段。常見原因是另一個寫入者依據舊的讀取內容在寫：重新讀取該檔案並核對後再寫。僅為提醒，沒有攔截任何操作。`,
  otherPlans: (id, list, example, session) =>
    `本工作階段的計畫是 "${id}"；其他未完成的計畫：${list}。你執行的每條 pwf 命令都要加上 --plan ${id}${
      example ? `（例如 "pwf phase 2 complete --plan ${id}"）` : ""
    }。${session ? `只為本工作階段切換："pwf use <id> --session ${session}"。` : ""}`,
  tamperAsk: (d) => `請使用者審閱 ${d}/task_plan.md 並執行 "pwf attest" 核准它，或者還原該檔案。`,
  gateTampered: (f, ask) =>
    `受門控的計畫在認證之後被改動，它的狀態不可信（已完成 ${f.complete}/${f.total}，門控攔截 ${f.block}/${f.cap}）。${ask}在此之前繼續按計畫工作。`,
  gateOwed: (f, o) =>
    `階段 ${o.phase} ${
      o.claimed ? "已標記完成，但" : "正在進行，且"
    }它的 AcceptanceCheck 沒有新近的通過紀錄（已完成 ${f.complete}/${f.total}，門控攔截 ${f.block}/${f.cap}）。下一步：${o.todo}，之後 "${o.command}" 才有憑據；繼續工作直到它通過。`,
  gateNotReset: (m) => `（無法重設門控攔截計數：${m}）`,
  notInjected: (m) => `${m}；未注入任何內容。`,
  briefPhases: (c, t) => `階段：已完成 ${c}/${t}`,
  isolated:
    "工作階段隔離已開啟（.planning/sessions/ 存在），而本工作階段未接入，所以沒有注入計畫。建立 .planning/sessions/<session id>.attached（或設定 PWF_SESSION_ID）來接入本工作階段，或刪除 .planning/sessions/ 關閉隔離。",
  catchup: {
    missing: (file) => `${file}：缺少`,
    refused: (file, why) => `${file}：被拒絕（${why}）`,
    how: (source) =>
      ({
        PLAN_ID: "由 PLAN_ID 或 --plan 指定",
        session: "本工作階段的計畫（本工作階段已綁定到它）",
        active_plan: "由 .planning/.active_plan 指定",
        only_open: ".planning 中唯一未完成的計畫",
        only_plan: ".planning 中唯一的計畫（已完成）",
        legacy: "專案根目錄中的舊式 task_plan.md（唯讀）",
      })[source],
    zeroAccess: "零存取：僅依據計畫檔案",
    plan: (id, dir, why) => `計畫：${id ?? "舊式根目錄計畫"}（${dir}；${why}）`,
    phases: (complete, total, active) =>
      `階段：已完成 ${complete}/${total}；進行中：${active ?? "無"}`,
    ledger: (records, partial) => `台帳：${partial ? "至少 " : ""}${records} 筆紀錄`,
    note: "注意",
    title: "標題",
    goal: "目標",
    inProgress: "進行中",
    nextStep: "下一步",
    none: "（無）",
    progressTail: "progress.md 的最後幾行：",
    lastChange: (file, age, mtime) => `最近改動：${file}，${age}（${mtime}）`,
    lastChangeUnknown: "最近改動：未知",
    steps: "復原步驟：",
    age: (n, unit) =>
      unit === "now" ? "剛剛" : `${n} ${{ minute: "分鐘", hour: "小時", day: "天" }[unit]}前`,
  },
};
