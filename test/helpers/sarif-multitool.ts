// Runs Microsoft's SARIF Multitool (`validate`) over SARIF files: the SARIF 2.1.0 schema, the spec's SARIF1xxx rules,
// its SARIF2xxx advice and GitHub code scanning's GH1xxx ingestion rules (test/fixtures/sarif/multitool.config.xml).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { REPO_ROOT } from './cli.js';

type Json = Record<string, any>;

/** The platform's Multitool binary, from the package's own lookup (@microsoft/sarif-multitool-<platform>). */
const MULTITOOL: string = createRequire(import.meta.url)('@microsoft/sarif-multitool');
const CONFIG = join(REPO_ROOT, 'test/fixtures/sarif/multitool.config.xml');

/**
 * Notes (the Multitool's advice, never an error or a warning) that the reports deliberately do not follow.
 * Any other result fails the test.
 */
const LEFT_ALONE: Record<string, string | RegExp> = {
  // Message strings with {0} arguments in the rule: our messages are made by the rule from its data, and
  // GitHub code scanning shows `message.text`; the text is already what a reader needs.
  SARIF2002: 'ProvideMessageArguments',
  // The inputs are session logs, not files of a repository mcptrace could name a commit of.
  SARIF2003: 'ProvideVersionControlProvenance',
  // Rule ids like `ABC1234`: ours (`unknown-method`) are a public contract (--rule, docs/rules/<id>.md).
  SARIF2009: 'ConsiderConventionalIdentifierValues',
  // The log line as a snippet and its neighbours as context: a log line can be megabytes and hold secrets.
  SARIF2010: 'ProvideCodeSnippets',
  SARIF2011: 'ProvideContextRegion',
  // An absolute path stays as the user named it (docs/commands/audit.md: absolute paths become file: URIs); the run's
  // workingDirectory lets code scanning place it (GH1006).
  SARIF2016: 'FileUrisShouldBeRelative',
  // ProvideRuleProperties wants a friendly name; a one-word id has none that differs from it but in case,
  // and such a name is an error (SARIF1001). Only that rule may lack one. It wants a help URI too, which must be
  // absolute (SARIF1005): a cause of the diagnosis (`cause/<id>`) has no page on the web, only docs/causes/<id>.md in
  // the package, which its help names.
  SARIF2012:
    /^runs\[0\]\.tool\.driver\.rules\[\d+\]: The rule (?:'oversized' does not provide a "friendly name"|'cause\/[a-z-]+\.Cause[A-Za-z]+' does not provide a help URI\.)/,
};

/** A note the reports deliberately do not follow (LEFT_ALONE). */
export const leftAlone = (f: MultitoolFinding): boolean => {
  const why = f.level === 'note' ? LEFT_ALONE[f.rule] : undefined;
  return typeof why === 'string' || (why instanceof RegExp && why.test(f.text));
};

/** The rule's message template with the result's arguments, or its text. */
function messageOf(result: Json, rules: Json[]): string {
  if (typeof result.message.text === 'string') return result.message.text;
  const template: string = rules[result.ruleIndex]?.messageStrings?.[result.message.id]?.text ?? result.message.id;
  return template.replace(/\{(\d+)\}/g, (_m, k: string) => String(result.message.arguments?.[Number(k)]));
}

export interface MultitoolFinding {
  /** The file's base name. */
  file: string;
  rule: string;
  level: string;
  text: string;
}

/** Runs `validate` once over `files` (one .NET start: it is slow to start) and returns its results per file. */
export async function validateSarif(
  files: string[],
  out: string,
): Promise<{ findings: MultitoolFinding[]; hashes: Map<string, string> }> {
  const args = [
    'validate',
    ...files,
    '--output',
    out,
    '--log',
    'ForceOverwrite',
    '--config',
    CONFIG,
    '--rule-kind',
    'Sarif;Gh',
    '--level',
    'Error;Warning;Note',
    // The scanned files and their SHA-256, to prove each was read whole (it skips a file over the size limit).
    '--insert',
    'Hashes',
    '--max-file-size-in-kb',
    '102400',
  ];
  // The binary is self-contained .NET; invariant globalization spares it ICU where a machine lacks it.
  const child = spawn(MULTITOOL, args, { env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' } });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    // EACCES: installed with --ignore-scripts, the package's postinstall did not make the binary executable.
    child.on('error', (e) =>
      reject(new Error(`cannot run ${MULTITOOL} (npm ci without --ignore-scripts makes it executable): ${e.message}`)),
    );
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`sarif-multitool exited ${code}:\n${output}`);
  const run = JSON.parse(readFileSync(out, 'utf8')).runs[0];
  const rules: Json[] = run.tool.driver.rules ?? [];
  const findings = (run.results ?? []).map((r: Json) => ({
    file: basename(decodeURIComponent(new URL(r.locations[0].physicalLocation.artifactLocation.uri).pathname)),
    rule: r.ruleId,
    level: r.level ?? 'warning',
    text: messageOf(r, rules),
  }));
  const hashes = new Map<string, string>(
    (run.artifacts ?? []).map((a: Json) => [
      basename(new URL(a.location.uri).pathname),
      a.hashes['sha-256'].toLowerCase(),
    ]),
  );
  return { findings, hashes };
}
