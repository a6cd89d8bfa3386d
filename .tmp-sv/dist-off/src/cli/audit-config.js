// The audit config file (`--config FILE`): rule severities, the fail threshold and options, validated.
import { readFile } from 'node:fs/promises';
import { ruleById } from '../rules/registry.js';
import { UsageError } from './errors.js';
const SEVERITIES = ['off', 'info', 'warning', 'error'];
const FAIL_ON = ['error', 'warning', 'info', 'none'];
/** Reads and checks a config file; every problem is a usage error naming the file and the key. */
export async function loadAuditConfig(path) {
    let text;
    try {
        text = await readFile(path, 'utf8');
    }
    catch (err) {
        throw new UsageError(`cannot read config ${path}: ${err.code ?? err.message}`);
    }
    let raw;
    try {
        raw = JSON.parse(text);
    }
    catch (err) {
        throw new UsageError(`config ${path} is not valid JSON: ${err.message}`);
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
        throw new UsageError(`config ${path}: expected a JSON object`);
    const c = raw;
    for (const key of Object.keys(c)) {
        if (!['rules', 'failOn', 'slowMs', '$schema'].includes(key))
            throw new UsageError(`config ${path}: unknown key "${key}" (rules, failOn, slowMs)`);
    }
    const out = {};
    if (c.rules !== undefined) {
        if (c.rules === null || typeof c.rules !== 'object' || Array.isArray(c.rules))
            throw new UsageError(`config ${path}: "rules" must be an object of id: severity`);
        const rules = {};
        for (const [id, sev] of Object.entries(c.rules)) {
            if (typeof sev !== 'string' || !SEVERITIES.includes(sev))
                throw new UsageError(`config ${path}: rules.${id} must be one of ${SEVERITIES.join(', ')}`);
            rules[id] = sev;
        }
        out.rules = checkRuleIds(rules, `config ${path}: rules`);
    }
    if (c.failOn !== undefined) {
        if (typeof c.failOn !== 'string' || !FAIL_ON.includes(c.failOn))
            throw new UsageError(`config ${path}: failOn must be one of ${FAIL_ON.join(', ')}`);
        out.failOn = c.failOn;
    }
    if (c.slowMs !== undefined) {
        if (typeof c.slowMs !== 'number' || !(c.slowMs >= 0))
            throw new UsageError(`config ${path}: slowMs must be a number ≥ 0`);
        out.slowMs = c.slowMs;
    }
    return out;
}
/** Fails on rule ids that do not exist, so a typo does not silently leave a rule on. */
export function checkRuleIds(rules, where) {
    for (const id of Object.keys(rules)) {
        if (!ruleById.has(id))
            throw new UsageError(`${where}: unknown rule "${id}" (mcptrace rules lists them)`);
    }
    return rules;
}
//# sourceMappingURL=audit-config.js.map