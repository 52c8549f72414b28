/**
 * The notices in Arabic (notices.ts).
 * @module
 */

import type { Notices } from "./notices_type.ts";

const UNITS = {
  minute: ["دقيقة", "دقائق"],
  hour: ["ساعة", "ساعات"],
  day: ["يوم", "أيام"],
} as const;

/** Arabic. */
export const NOTICES_AR: Notices = {
  tampered: (d, expected, actual) =>
    `تغيّر ${d}/task_plan.md منذ اعتماده: expected=${expected} actual=${actual}. راجع التغيير ثم شغّل "pwf attest" لاعتماده، أو استرجع الملف.`,
  invalidAttestation: (d) =>
    `${d}/.attestation ليس تجزئة SHA-256، لذا لم تُحقن الخطة. شغّل "pwf attest" لاعتماد الخطة الحالية.`,
  notAttested: (mode, d) =>
    `تعمل هذه الخطة في نمط ${mode} لكنها غير معتمدة (not attested)، لذا لم تُحقن. راجع ${d}/task_plan.md ثم شغّل "pwf attest".`,
  activePlan: (id, d, hash) =>
    `الخطة النشطة: ${id ?? "خطة الجذر القديمة"} (${d}/task_plan.md)${
      hash === null ? "" : `، معتمدة sha256=${hash}`
    }`,
  checksOwed: (list) =>
    `فحوص مستحقة: ${list}. المرحلة ذات AcceptanceCheck تكتمل عندما ينجح أمرها، مشغّلًا كما هو مكتوب، بعد آخر تعديل لك.`,
  owedItem: (phase, claimed, todo) =>
    `المرحلة ${phase}${claimed ? " (معلّمة مكتملة)" : ""}: ${todo}`,
  checkRun: (command, why, exit) =>
    `شغّل "${command}" (${
      {
        missing: "لم يُرَ أي تشغيل بعد",
        failed: `فشل آخر تشغيل${exit !== null ? ` برمز الخروج ${exit}` : ""}`,
        stale: "عُدّل ملف بعد آخر تشغيل ناجح",
        passed: "نجح",
        unverifiable: "المضيف لا يبلغ عن النتائج",
      }[why]
    })`,
  regressed: (d, checked, complete) =>
    `فقد ${d}/task_plan.md عدد ${checked} من البنود المؤشَّرة و${complete} من المراحل المكتملة منذ الدور السابق. السبب المعتاد كاتب ثانٍ يعمل من قراءة أقدم: أعد قراءة الملف ووفّق بين النسختين قبل الكتابة مجددًا. تنبيه فقط؛ لم يُمنع شيء.`,
  otherPlans: (id, list, example, session) =>
    `خطة هذه الجلسة هي "${id}"؛ الخطط المفتوحة الأخرى: ${list}. مرّر --plan ${id} إلى كل أمر pwf تشغّله${
      example ? ` (مثلًا "pwf phase 2 complete --plan ${id}")` : ""
    }.${session ? ` للتبديل لهذه الجلسة وحدها: "pwf use <id> --session ${session}".` : ""}`,
  tamperAsk: (d) =>
    `اطلب من المستخدم مراجعة ${d}/task_plan.md وتشغيل "pwf attest" لاعتمادها، أو استرجاع الملف.`,
  gateTampered: (f, ask) =>
    `تغيّرت الخطة المقيّدة منذ اعتمادها، فلا يوثق بحالاتها (اكتمل ${f.complete}/${f.total}، منع البوابة ${f.block}/${f.cap}). ${ask} وإلى ذلك الحين واصل العمل على الخطة.`,
  gateOwed: (f, o) =>
    `المرحلة ${o.phase} ${
      o.claimed ? "معلّمة مكتملة لكن" : "قيد التنفيذ لكن"
    } فحصها AcceptanceCheck بلا تشغيل ناجح حديث (اكتمل ${f.complete}/${f.total}، منع البوابة ${f.block}/${f.cap}). التالي: ${o.todo}، وبعدها يصير "${o.command}" مثبتًا؛ واصل العمل حتى ينجح.`,
  gateNotReset: (m) => `(تعذّر تصفير عدّاد منع البوابة: ${m})`,
  notInjected: (m) => `${m}؛ لم يُحقن شيء.`,
  briefPhases: (c, t) => `المراحل: اكتمل ${c}/${t}`,
  isolated:
    "عزل الجلسات مفعّل (.planning/sessions/ موجود) وهذه الجلسة غير ملحقة، لذلك لم تُحقن أي خطة. ألحقها بإنشاء .planning/sessions/<session id>.attached (أو اضبط PWF_SESSION_ID)، أو احذف .planning/sessions/ لإيقاف العزل.",
  catchup: {
    missing: (file) => `${file}: مفقود`,
    refused: (file, why) => `${file}: مرفوض (${why})`,
    how: (source) =>
      ({
        PLAN_ID: "محددة بـ PLAN_ID أو --plan",
        session: "خطة هذه الجلسة (الجلسة مرتبطة بها)",
        active_plan: "محددة في .planning/.active_plan",
        only_open: "الخطة المفتوحة الوحيدة في .planning",
        only_plan: "الخطة الوحيدة في .planning (مكتملة)",
        legacy: "ملف task_plan.md القديم في جذر المشروع (للقراءة فقط)",
      })[source],
    zeroAccess: "دون وصول: من ملفات الخطة وحدها",
    plan: (id, dir, why) => `الخطة: ${id ?? "خطة الجذر القديمة"} (${dir}؛ ${why})`,
    phases: (complete, total, active) =>
      `المراحل: اكتمل ${complete}/${total}؛ قيد التنفيذ: ${active ?? "لا شيء"}`,
    ledger: (records, partial) => `السجل: ${partial ? "على الأقل " : ""}${records} سجلًا`,
    note: "ملاحظة",
    title: "العنوان",
    goal: "الهدف",
    inProgress: "قيد التنفيذ",
    nextStep: "الخطوة التالية",
    none: "(لا شيء)",
    progressTail: "آخر أسطر progress.md:",
    lastChange: (file, age, mtime) => `آخر تغيير: ${file}، ${age} (${mtime})`,
    lastChangeUnknown: "آخر تغيير: غير معروف",
    steps: "خطوات الاستعادة:",
    age: (n, unit) => unit === "now" ? "الآن" : `منذ ${n} ${UNITS[unit][n >= 3 && n <= 10 ? 1 : 0]}`,
  },
};
