// The audit config file (`--config FILE`): rule severities, the fail threshold and options, validated.
import { readFile } from 'node:fs/promises';
import { ruleById } from '../rules/registry.js';
import type { FailOn } from '../audit/types.js';
import type { Severity } from '../types.js';
import { UsageError } from '../util/errors.js';

export interface AuditConfig {
  rules?: Record<string, Severity | 'off'>;
  failOn?: FailOn;
  /** An input with no MCP message fails the audit (`--fail-on-empty`). */
  failOnEmpty?: boolean;
  slowMs?: number;
}

const SEVERITIES = ['off', 'info', 'warning', 'error'];
const FAIL_ON = ['error', 'warning', 'info', 'none', 'failed', 'degraded'];

/** Reads and checks a config file; every problem is a usage error naming the file and the key. */
export async function loadAuditConfig(path: string): Promise<AuditConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(
      `cannot read config ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`config ${path} is not valid JSON: ${(err as Error).message}`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new UsageError(`config ${path}: expected a JSON object`);
  const c = raw as Record<string, unknown>;
  for (const key of Object.keys(c)) {
    if (!['rules', 'failOn', 'failOnEmpty', 'slowMs', '$schema'].includes(key))
      throw new UsageError(`config ${path}: unknown key "${key}" (rules, failOn, failOnEmpty, slowMs)`);
  }
  const out: AuditConfig = {};
  if (c.rules !== undefined) {
    if (c.rules === null || typeof c.rules !== 'object' || Array.isArray(c.rules))
      throw new UsageError(`config ${path}: "rules" must be an object of id: severity`);
    // No prototype: an id such as `__proto__` is kept as a key, and reported as unknown.
    const rules: Record<string, Severity | 'off'> = Object.create(null);
    for (const [id, sev] of Object.entries(c.rules as Record<string, unknown>)) {
      if (typeof sev !== 'string' || !SEVERITIES.includes(sev))
        throw new UsageError(`config ${path}: rules.${id} must be one of ${SEVERITIES.join(', ')}`);
      rules[id] = sev as Severity | 'off';
    }
    out.rules = checkRuleIds(rules, `config ${path}: rules`);
  }
  if (c.failOn !== undefined) {
    if (typeof c.failOn !== 'string' || !FAIL_ON.includes(c.failOn))
      throw new UsageError(`config ${path}: failOn must be one of ${FAIL_ON.join(', ')}`);
    out.failOn = c.failOn as AuditConfig['failOn'];
  }
  if (c.failOnEmpty !== undefined) {
    if (typeof c.failOnEmpty !== 'boolean') throw new UsageError(`config ${path}: failOnEmpty must be true or false`);
    out.failOnEmpty = c.failOnEmpty;
  }
  if (c.slowMs !== undefined) {
    // As --slow-ms: whole milliseconds, at least 1.
    if (!Number.isSafeInteger(c.slowMs) || (c.slowMs as number) < 1)
      throw new UsageError(`config ${path}: slowMs must be a number of whole milliseconds, at least 1`);
    out.slowMs = c.slowMs as number;
  }
  return out;
}

/** Fails on rule ids that do not exist, so a typo does not silently leave a rule on. */
export function checkRuleIds<T>(rules: Record<string, T>, where: string): Record<string, T> {
  for (const id of Object.keys(rules)) {
    if (!ruleById.has(id)) throw new UsageError(`${where}: unknown rule "${id}" (mcptrace rules lists them)`);
  }
  return rules;
}
