/**
 * The notices in Spanish (notices.ts).
 * @module
 */

import type { Notices } from "./notices_type.ts";

const UNITS = { minute: "minuto", hour: "hora", day: "día" } as const;

/** Spanish. */
export const NOTICES_ES: Notices = {
  tampered: (d, expected, actual) =>
    `${d}/task_plan.md cambió desde que se atestó: expected=${expected} actual=${actual}. Revisa el cambio y ejecuta "pwf attest" para aprobarlo, o restaura el archivo.`,
  invalidAttestation: (d) =>
    `${d}/.attestation no es un hash SHA-256, así que el plan no se inyectó. Ejecuta "pwf attest" para aprobar el plan actual.`,
  notAttested: (mode, d) =>
    `Este plan se ejecuta en modo ${mode} pero no está atestado (not attested), así que no se inyectó. Revisa ${d}/task_plan.md y ejecuta "pwf attest".`,
  activePlan: (id, d, hash) =>
    `Plan activo: ${id ?? "plan raíz heredado"} (${d}/task_plan.md)${
      hash === null ? "" : `, atestado sha256=${hash}`
    }`,
  checksOwed: (list) =>
    `Comprobaciones pendientes: ${list}. Una fase con AcceptanceCheck se completa cuando su comando, ejecutado tal cual, pasa después de tu última edición.`,
  owedItem: (phase, claimed, todo) =>
    `Fase ${phase}${claimed ? " (marcada completa)" : ""}: ${todo}`,
  checkRun: (command, why, exit) =>
    `ejecuta "${command}" (${
      {
        missing: "aún no se vio ninguna ejecución",
        failed: `su última ejecución falló${exit !== null ? ` con código de salida ${exit}` : ""}`,
        stale: "se editó un archivo después de su última ejecución correcta",
        passed: "pasó",
        unverifiable: "el host no informa de los resultados",
      }[why]
    })`,
  regressed: (d, checked, complete) =>
    `${d}/task_plan.md perdió ${checked} elemento(s) marcado(s) y ${complete} fase(s) completa(s) desde el turno anterior. La causa habitual es un segundo escritor que trabaja con una lectura antigua: vuelve a leer el archivo y concilia antes de escribir de nuevo. Solo es un aviso; no se bloqueó nada.`,
  otherPlans: (id, list, example, session) =>
    `El plan de esta sesión es "${id}"; otros planes abiertos: ${list}. Pasa --plan ${id} a cada comando pwf que ejecutes${
      example ? ` (p. ej. "pwf phase 2 complete --plan ${id}")` : ""
    }.${session ? ` Para cambiar solo esta sesión: "pwf use <id> --session ${session}".` : ""}`,
  tamperAsk: (d) =>
    `Pide al usuario que revise ${d}/task_plan.md y ejecute "pwf attest" para aprobarlo, o que restaure el archivo.`,
  gateTampered: (f, ask) =>
    `El plan con compuerta cambió desde que se atestó, así que sus estados no son fiables (${f.complete}/${f.total} completas, bloqueo ${f.block}/${f.cap}). ${ask} Mientras tanto, sigue trabajando en el plan.`,
  gateOwed: (f, o) =>
    `La fase ${o.phase} ${
      o.claimed ? "está marcada completa pero" : "está en curso y"
    } su AcceptanceCheck no tiene una ejecución correcta reciente (${f.complete}/${f.total} completas, bloqueo ${f.block}/${f.cap}). Siguiente: ${o.todo}; después "${o.command}" queda probado; sigue trabajando hasta que pase.`,
  gateNotReset: (m) => `(No se pudo reiniciar el contador de bloqueos: ${m})`,
  notInjected: (m) => `${m}; no se inyectó nada.`,
  briefPhases: (c, t) => `Fases: ${c}/${t} completas`,
  isolated:
    "El aislamiento de sesiones está activo (existe .planning/sessions/) y esta sesión no está adjunta, así que no se inyectó ningún plan. Adjúntala creando .planning/sessions/<session id>.attached (o define PWF_SESSION_ID), o borra .planning/sessions/ para desactivar el aislamiento.",
  catchup: {
    missing: (file) => `${file}: falta`,
    refused: (file, why) => `${file}: rechazado (${why})`,
    how: (source) =>
      ({
        PLAN_ID: "indicado por PLAN_ID o --plan",
        session: "el plan de esta sesión (la sesión está vinculada a él)",
        active_plan: "indicado por .planning/.active_plan",
        only_open: "el único plan abierto en .planning",
        only_plan: "el único plan en .planning (terminado)",
        legacy: "task_plan.md heredado en la raíz del proyecto (solo lectura)",
      })[source],
    zeroAccess: "sin acceso: solo desde los archivos del plan",
    plan: (id, dir, why) => `Plan: ${id ?? "plan raíz heredado"} (${dir}; ${why})`,
    phases: (complete, total, active) =>
      `Fases: ${complete}/${total} completas; en curso: ${active ?? "ninguna"}`,
    ledger: (records, partial) =>
      `Registro: ${partial ? "al menos " : ""}${records} entrada${records === 1 ? "" : "s"}`,
    note: "Nota",
    title: "Título",
    goal: "Objetivo",
    inProgress: "En curso",
    nextStep: "Siguiente paso",
    none: "(ninguno)",
    progressTail: "Últimas líneas de progress.md:",
    lastChange: (file, age, mtime) => `Último cambio: ${file}, ${age} (${mtime})`,
    lastChangeUnknown: "Último cambio: desconocido",
    steps: "Pasos de recuperación:",
    age: (n, unit) =>
      unit === "now" ? "justo ahora" : `hace ${n} ${UNITS[unit]}${n === 1 ? "" : "s"}`,
  },
};
