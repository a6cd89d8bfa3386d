// The rule settings of the commands that run rules (annotate, audit): `--rule id=severity`, `--config FILE`, `--slow-ms`.
import type { Argv } from 'yargs';
import type { RuleSettings } from '../rules/engine.js';
import type { RuleOptions } from '../rules/types.js';
import type { Severity } from '../types.js';
import { checkRuleIds, loadAuditConfig, type AuditConfig } from './audit-config.js';
import { UsageError } from '../util/errors.js';
import { durationOption } from './numeric-options.js';

export interface RuleArgs {
  rule?: string[];
  config?: string;
  slowMs?: number;
}

export function ruleOptions<T>(y: Argv<T>) {
  return y
    .option('rule', { describe: "set a rule's severity: id=off|info|warning|error (repeatable)", type: 'string' })
    .option('config', {
      describe: 'JSON config file: { "rules": {id: severity}, "failOn", "failOnEmpty", "slowMs" }',
      type: 'string',
    })
    .option(
      'slow-ms',
      durationOption('slow-ms', 'slow-response threshold: milliseconds or a duration (250ms, 5s, 2m); default 5000'),
    );
}

/** The config file (if any), then the rule severities (flags over the file) and the rule options. */
export async function ruleSettings(
  args: RuleArgs,
): Promise<{ config: AuditConfig; rules: RuleSettings; ruleOptions: Partial<RuleOptions> }> {
  const config: AuditConfig = args.config ? await loadAuditConfig(args.config) : {};
  const rules = { ...config.rules, ...parseRuleFlags(args.rule) };
  const slowMs = args.slowMs ?? config.slowMs;
  return { config, rules, ruleOptions: slowMs === undefined ? {} : { slowMs } };
}

const SEVERITIES = new Set(['off', 'info', 'warning', 'error']);

/** `--rule id=severity` flags; an unknown rule id or severity is a usage error. */
function parseRuleFlags(flags: string | string[] | undefined): Record<string, Severity | 'off'> {
  const out: Record<string, Severity | 'off'> = {};
  for (const flag of flags === undefined ? [] : Array.isArray(flags) ? flags : [flags]) {
    const m = /^([a-z0-9-]+)=([a-z]+)$/.exec(flag.trim());
    if (!m || !SEVERITIES.has(m[2])) throw new UsageError(`--rule ${flag}: expected id=off|info|warning|error`);
    out[m[1]] = m[2] as Severity | 'off';
  }
  return checkRuleIds(out, '--rule');
}
