/**
 * The notices in French (notices.ts).
 * @module
 */

import type { Notices } from "./notices_type.ts";

const UNITS = { minute: "minute", hour: "heure", day: "jour" } as const;

/** French. */
export const NOTICES_FR: Notices = {
  tampered: (d, expected, actual) =>
    `${d}/task_plan.md a changé depuis son attestation : expected=${expected} actual=${actual}. Examinez le changement, puis lancez "pwf attest" pour l'approuver, ou restaurez le fichier.`,
  invalidAttestation: (d) =>
    `${d}/.attestation n'est pas une empreinte SHA-256, donc le plan n'a pas été injecté. Lancez "pwf attest" pour approuver le plan actuel.`,
  notAttested: (mode, d) =>
    `Ce plan tourne en mode ${mode} mais n'est pas attesté (not attested), donc il n'a pas été injecté. Relisez ${d}/task_plan.md, puis lancez "pwf attest".`,
  activePlan: (id, d, hash) =>
    `Plan actif : ${id ?? "ancien plan à la racine"} (${d}/task_plan.md)${
      hash === null ? "" : `, attesté sha256=${hash}`
    }`,
  checksOwed: (list) =>
    `Vérifications dues : ${list}. Une phase avec une AcceptanceCheck se termine quand sa commande, lancée telle quelle, réussit après votre dernière modification.`,
  owedItem: (phase, claimed, todo) =>
    `Phase ${phase}${claimed ? " (marquée terminée)" : ""} : ${todo}`,
  checkRun: (command, why, exit) =>
    `lancez "${command}" (${
      {
        missing: "aucune exécution vue pour l'instant",
        failed: `sa dernière exécution a échoué${exit !== null ? ` avec le code ${exit}` : ""}`,
        stale: "un fichier a été modifié après sa dernière exécution réussie",
        passed: "réussie",
        unverifiable: "l'hôte ne rapporte pas les résultats",
      }[why]
    })`,
  regressed: (d, checked, complete) =>
    `${d}/task_plan.md a perdu ${checked} élément(s) coché(s) et ${complete} phase(s) terminée(s) depuis le tour précédent. La cause habituelle est un second rédacteur qui travaille sur une lecture plus ancienne : relisez le fichier et réconciliez avant d'écrire à nouveau. Simple avertissement ; rien n'a été bloqué.`,
  otherPlans: (id, list, example, session) =>
    `Le plan de cette session est "${id}" ; autres plans ouverts : ${list}. Passez --plan ${id} à chaque commande pwf que vous lancez${
      example ? ` (par ex. "pwf phase 2 complete --plan ${id}")` : ""
    }.${
      session ? ` Pour changer cette session seulement : "pwf use <id> --session ${session}".` : ""
    }`,
  tamperAsk: (d) =>
    `Demandez à l'utilisateur de relire ${d}/task_plan.md et de lancer "pwf attest" pour l'approuver, ou de restaurer le fichier.`,
  gateTampered: (f, ask) =>
    `Le plan verrouillé a changé depuis son attestation, ses statuts ne sont donc pas fiables (${f.complete}/${f.total} terminées, blocage ${f.block}/${f.cap}). ${ask} D'ici là, continuez à travailler sur le plan.`,
  gateOwed: (f, o) =>
    `La phase ${o.phase} ${
      o.claimed ? "est marquée terminée mais" : "est en cours et"
    } son AcceptanceCheck n'a pas d'exécution réussie récente (${f.complete}/${f.total} terminées, blocage ${f.block}/${f.cap}). Ensuite : ${o.todo}, puis "${o.command}" est prouvé ; continuez jusqu'à ce qu'elle réussisse.`,
  gateNotReset: (m) => `(Le compteur de blocages n'a pas pu être remis à zéro : ${m})`,
  notInjected: (m) => `${m} ; rien n'a été injecté.`,
  briefPhases: (c, t) => `Phases : ${c}/${t} terminées`,
  isolated:
    "L'isolation des sessions est active (.planning/sessions/ existe) et cette session n'est pas rattachée, donc aucun plan n'a été injecté. Rattachez-la en créant .planning/sessions/<session id>.attached (ou définissez PWF_SESSION_ID), ou supprimez .planning/sessions/ pour désactiver l'isolation.",
  catchup: {
    missing: (file) => `${file} : manquant`,
    refused: (file, why) => `${file} : refusé (${why})`,
    how: (source) =>
      ({
        PLAN_ID: "désigné par PLAN_ID ou --plan",
        session: "le plan de cette session (la session y est liée)",
        active_plan: "désigné par .planning/.active_plan",
        only_open: "le seul plan ouvert dans .planning",
        only_plan: "le seul plan dans .planning (terminé)",
        legacy: "ancien task_plan.md à la racine du projet (lecture seule)",
      })[source],
    zeroAccess: "sans accès : à partir des seuls fichiers du plan",
    plan: (id, dir, why) => `Plan : ${id ?? "ancien plan à la racine"} (${dir} ; ${why})`,
    phases: (complete, total, active) =>
      `Phases : ${complete}/${total} terminées ; en cours : ${active ?? "aucune"}`,
    ledger: (records, partial) =>
      `Journal : ${partial ? "au moins " : ""}${records} entrée${records > 1 ? "s" : ""}`,
    note: "Remarque",
    title: "Titre",
    goal: "Objectif",
    inProgress: "En cours",
    nextStep: "Prochaine étape",
    none: "(aucun)",
    progressTail: "Dernières lignes de progress.md :",
    lastChange: (file, age, mtime) => `Dernier changement : ${file}, ${age} (${mtime})`,
    lastChangeUnknown: "Dernier changement : inconnu",
    steps: "Étapes de reprise :",
    age: (n, unit) =>
      unit === "now" ? "à l'instant" : `il y a ${n} ${UNITS[unit]}${n > 1 ? "s" : ""}`,
  },
};
