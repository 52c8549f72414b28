/**
 * The notices in German (notices.ts).
 * @module
 */

import type { Notices } from "./notices_type.ts";

const UNITS = {
  minute: ["Minute", "Minuten"],
  hour: ["Stunde", "Stunden"],
  day: ["Tag", "Tagen"],
} as const;

/** German. */
export const NOTICES_DE: Notices = {
  tampered: (d, expected, actual) =>
    `${d}/task_plan.md wurde seit der Freigabe geändert: expected=${expected} actual=${actual}. Prüfe die Änderung und führe dann "pwf attest" aus, um sie freizugeben, oder stelle die Datei wieder her.`,
  invalidAttestation: (d) =>
    `${d}/.attestation ist kein SHA-256-Hash, deshalb wurde der Plan nicht eingefügt. Führe "pwf attest" aus, um den aktuellen Plan freizugeben.`,
  notAttested: (mode, d) =>
    `Dieser Plan läuft im Modus ${mode}, ist aber nicht freigegeben (not attested), deshalb wurde er nicht eingefügt. Prüfe ${d}/task_plan.md, dann führe "pwf attest" aus.`,
  activePlan: (id, d, hash) =>
    `Aktiver Plan: ${id ?? "alter Plan im Projektstamm"} (${d}/task_plan.md)${
      hash === null ? "" : `, freigegeben sha256=${hash}`
    }`,
  checksOwed: (list) =>
    `Ausstehende Prüfungen: ${list}. Eine Phase mit AcceptanceCheck ist abgeschlossen, wenn ihr Befehl, genau so ausgeführt, nach deiner letzten Änderung erfolgreich ist.`,
  owedItem: (phase, claimed, todo) =>
    `Phase ${phase}${claimed ? " (als abgeschlossen markiert)" : ""}: ${todo}`,
  checkRun: (command, why, exit) =>
    `führe "${command}" aus (${
      {
        missing: "noch kein Lauf gesehen",
        failed: `der letzte Lauf schlug fehl${exit !== null ? ` mit Exit-Code ${exit}` : ""}`,
        stale: "nach dem letzten erfolgreichen Lauf wurde eine Datei geändert",
        passed: "erfolgreich",
        unverifiable: "der Host meldet keine Ergebnisse",
      }[why]
    })`,
  regressed: (d, checked, complete) =>
    `${d}/task_plan.md hat seit der letzten Runde ${checked} abgehakte(n) Punkt(e) und ${complete} abgeschlossene Phase(n) verloren. Meist schreibt ein zweiter Schreiber auf Grund eines älteren Stands: lies die Datei neu und gleiche ab, bevor du wieder schreibst. Nur ein Hinweis; nichts wurde blockiert.`,
  otherPlans: (id, list, example, session) =>
    `Der Plan dieser Sitzung ist "${id}"; weitere offene Pläne: ${list}. Gib jedem pwf-Befehl, den du ausführst, --plan ${id} mit${
      example ? ` (z. B. "pwf phase 2 complete --plan ${id}")` : ""
    }.${session ? ` Nur diese Sitzung umstellen: "pwf use <id> --session ${session}".` : ""}`,
  tamperAsk: (d) =>
    `Bitte den Benutzer, ${d}/task_plan.md zu prüfen und "pwf attest" auszuführen, um ihn freizugeben, oder die Datei wiederherzustellen.`,
  gateTampered: (f, ask) =>
    `Gesperrter Plan seit der Freigabe geändert; seinen Statusangaben ist nicht zu trauen (${f.complete}/${f.total} abgeschlossen, Sperre ${f.block}/${f.cap}). ${ask} Arbeite bis dahin weiter am Plan.`,
  gateOwed: (f, o) =>
    `Phase ${o.phase} ${
      o.claimed ? "ist als abgeschlossen markiert, aber" : "ist in Arbeit, und"
    } ihr AcceptanceCheck hat keinen frischen erfolgreichen Lauf (${f.complete}/${f.total} abgeschlossen, Sperre ${f.block}/${f.cap}). Als Nächstes: ${o.todo}, dann ist "${o.command}" belegt; arbeite weiter, bis er durchläuft.`,
  gateNotReset: (m) => `(Der Sperrzähler konnte nicht zurückgesetzt werden: ${m})`,
  notInjected: (m) => `${m}; nichts eingefügt.`,
  briefPhases: (c, t) => `Phasen: ${c}/${t} abgeschlossen`,
  isolated:
    "Sitzungsisolation ist an (.planning/sessions/ existiert) und diese Sitzung ist nicht angemeldet, deshalb wurde kein Plan eingefügt. Melde sie an, indem du .planning/sessions/<session id>.attached anlegst (oder PWF_SESSION_ID setzt), oder lösche .planning/sessions/, um die Isolation abzuschalten.",
  catchup: {
    missing: (file) => `${file}: fehlt`,
    refused: (file, why) => `${file}: abgelehnt (${why})`,
    how: (source) =>
      ({
        PLAN_ID: "angegeben durch PLAN_ID oder --plan",
        session: "der Plan dieser Sitzung (die Sitzung ist an ihn gebunden)",
        active_plan: "angegeben in .planning/.active_plan",
        only_open: "der einzige offene Plan in .planning",
        only_plan: "der einzige Plan in .planning (abgeschlossen)",
        legacy: "altes task_plan.md im Projektstamm (nur lesbar)",
      })[source],
    zeroAccess: "ohne Zugriff: nur aus den Plandateien",
    plan: (id, dir, why) => `Plan: ${id ?? "alter Plan im Projektstamm"} (${dir}; ${why})`,
    phases: (complete, total, active) =>
      `Phasen: ${complete}/${total} abgeschlossen; in Arbeit: ${active ?? "keine"}`,
    ledger: (records, partial) =>
      `Protokoll: ${partial ? "mindestens " : ""}${records} Eintr${records === 1 ? "ag" : "äge"}`,
    note: "Hinweis",
    title: "Titel",
    goal: "Ziel",
    inProgress: "In Arbeit",
    nextStep: "Nächster Schritt",
    none: "(keiner)",
    progressTail: "Letzte Zeilen von progress.md:",
    lastChange: (file, age, mtime) => `Letzte Änderung: ${file}, ${age} (${mtime})`,
    lastChangeUnknown: "Letzte Änderung: unbekannt",
    steps: "Schritte zur Wiederaufnahme:",
    age: (n, unit) => unit === "now" ? "gerade eben" : `vor ${n} ${UNITS[unit][n === 1 ? 0 : 1]}`,
  },
};
