// One packed package checked by publint and "are the types wrong", through their libraries:
// the rules and the report of `publint && attw --pack . --profile node16`, without a process
// (and a TypeScript load) per tool and package.
import { getExitCode } from "@arethetypeswrong/cli/internal/getExitCode";
import { typed, untyped } from "@arethetypeswrong/cli/internal/render";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

/**
 * attw's `--profile node16`: node10 resolution (no `exports` map, as in TypeScript's
 * `moduleResolution: node`) is shown in the table but fails nothing.
 */
const ATTW_OPTIONS = { ignoreResolutions: ["node10"] };

/**
 * publint's messages as its CLI prints them: errors, then warnings, then suggestions, at its
 * default level (every message). Only errors fail, as in the CLI (no `--strict`).
 */
async function publintReport(tarball) {
  const { messages, pkg } = await publint({ pack: { tarball: tarball.slice().buffer } });
  if (messages.length === 0) return { lines: ["publint: All good!"], failed: false };
  const lines = [];
  for (const [type, title] of [
    ["error", "Errors:"],
    ["warning", "Warnings:"],
    ["suggestion", "Suggestions:"],
  ]) {
    const ofType = messages.filter((message) => message.type === type);
    if (ofType.length === 0) continue;
    lines.push(`publint ${title}`);
    lines.push(...ofType.map((message, i) => `${i + 1}. ${formatMessage(message, pkg)}`));
  }
  return { lines, failed: messages.some((message) => message.type === "error") };
}

/** attw's table of entry points x module resolutions, and whether a problem counts. */
async function attwReport(tarball) {
  const analysis = await checkPackage(createPackageFromTarballData(tarball));
  // A package without types is reported, and passes, as the CLI has it.
  if (!analysis.types) return { lines: [untyped(analysis)], failed: false };
  const table = await typed(analysis, ATTW_OPTIONS);
  return { lines: [table], failed: getExitCode(analysis, ATTW_OPTIONS) !== 0 };
}

/**
 * Checks one package tarball (`Uint8Array`, as `pnpm pack` writes it). Returns the report to
 * print and whether either tool found a problem that fails the lint.
 */
export async function checkTarball(tarball) {
  const publinted = await publintReport(tarball);
  const attwed = await attwReport(tarball);
  return {
    report: [...publinted.lines, "", ...attwed.lines].join("\n"),
    failed: publinted.failed || attwed.failed,
  };
}
