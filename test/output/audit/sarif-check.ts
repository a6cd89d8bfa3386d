// The SARIF structure a report must have, checked by hand: what the SARIF 2.1.0 schema requires of the parts we emit,
// and what the SARIF Multitool's `validate` does not check (URI syntax, a ruleIndex that names the right rule).
type Json = Record<string, any>;

const LEVELS = new Set(['none', 'note', 'warning', 'error']);
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** RFC 3986 URI-reference characters (unreserved, reserved, percent-escapes). */
const URI_REF = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/**
 * What the SARIF 2.1.0 schema (sarif-schema-2.1.0.json) requires of the parts we emit: sarifLog {version
 * "2.1.0", runs}, run {tool}, tool {driver}, toolComponent {name}, reportingDescriptor {id},
 * multiformatMessageString {text}, reportingConfiguration.level enum, invocation {executionSuccessful},
 * result {message}, message {text or id}, level enum, ruleIndex ≥ -1, location/physicalLocation
 * {artifactLocation or address}, artifactLocation.uri a URI reference, region.startLine ≥ 1,
 * partialFingerprints string values, property bags objects with unique string tags; a workingDirectory that is
 * a directory URI (ends in `/`, so relative references resolve inside it).
 */
export function sarifProblems(log: Json): string[] {
  const p: string[] = [];
  const need = (cond: boolean, what: string) => {
    if (!cond) p.push(what);
  };
  const message = (m: unknown, at: string) =>
    need(isObj(m) && (typeof m.text === 'string' || typeof m.id === 'string'), `${at}: message needs text or id`);
  const mfms = (m: unknown, at: string) => {
    if (m !== undefined) need(isObj(m) && typeof m.text === 'string', `${at}: needs text`);
  };
  const bag = (b: unknown, at: string) => {
    if (b === undefined) return;
    need(isObj(b), `${at}: property bag must be an object`);
    if (isObj(b) && b.tags !== undefined)
      need(
        Array.isArray(b.tags) &&
          b.tags.every((t: unknown) => typeof t === 'string') &&
          new Set(b.tags).size === b.tags.length,
        `${at}.tags`,
      );
  };
  need(log.version === '2.1.0', 'version must be "2.1.0"');
  need(typeof log.$schema === 'string' && URI_REF.test(log.$schema), '$schema must be a URI');
  need(Array.isArray(log.runs), 'runs must be an array');
  for (const [k, run] of (Array.isArray(log.runs) ? log.runs : []).entries()) {
    const at = `runs[${k}]`;
    need(isObj(run?.tool) && isObj(run.tool.driver), `${at}.tool.driver required`);
    const driver = run?.tool?.driver ?? {};
    need(typeof driver.name === 'string' && driver.name !== '', `${at}.tool.driver.name required`);
    if (driver.informationUri !== undefined) need(URI_REF.test(driver.informationUri), `${at} informationUri`);
    const rules: Json[] = driver.rules ?? [];
    need(Array.isArray(rules), `${at}.rules must be an array`);
    need(new Set(rules.map((r) => r.id)).size === rules.length, `${at}.rules ids must be unique`);
    rules.forEach((r, j) => {
      const rat = `${at}.rules[${j}]`;
      need(typeof r.id === 'string', `${rat}.id required`);
      mfms(r.shortDescription, `${rat}.shortDescription`);
      mfms(r.fullDescription, `${rat}.fullDescription`);
      mfms(r.help, `${rat}.help`);
      if (r.helpUri !== undefined) need(URI_REF.test(r.helpUri), `${rat}.helpUri`);
      if (r.defaultConfiguration !== undefined)
        need(LEVELS.has(r.defaultConfiguration.level), `${rat}.defaultConfiguration.level`);
      bag(r.properties, `${rat}.properties`);
    });
    for (const [j, inv] of (run.invocations ?? []).entries()) {
      need(typeof inv.executionSuccessful === 'boolean', `${at}.invocations[${j}].executionSuccessful required`);
      if (inv.workingDirectory !== undefined)
        need(
          typeof inv.workingDirectory.uri === 'string' &&
            URI_REF.test(inv.workingDirectory.uri) &&
            inv.workingDirectory.uri.endsWith('/'),
          `${at}.invocations[${j}].workingDirectory must be a directory URI`,
        );
      for (const n of inv.toolExecutionNotifications ?? []) message(n.message, `${at}.invocations[${j}] notification`);
    }
    need(run.results === undefined || Array.isArray(run.results), `${at}.results must be an array`);
    for (const [j, r] of (run.results ?? []).entries()) {
      const rat = `${at}.results[${j}]`;
      message(r.message, rat);
      if (r.level !== undefined) need(LEVELS.has(r.level), `${rat}.level`);
      if (r.ruleIndex !== undefined) {
        need(Number.isInteger(r.ruleIndex) && r.ruleIndex >= -1, `${rat}.ruleIndex`);
        need(rules[r.ruleIndex]?.id === r.ruleId, `${rat}.ruleIndex must point at ruleId`);
      }
      for (const loc of r.locations ?? []) {
        const pl = loc.physicalLocation;
        need(
          isObj(pl) && (isObj(pl.artifactLocation) || isObj(pl.address)),
          `${rat} physicalLocation needs artifactLocation`,
        );
        if (isObj(pl?.artifactLocation))
          need(typeof pl.artifactLocation.uri === 'string' && URI_REF.test(pl.artifactLocation.uri), `${rat} uri`);
        if (pl?.region !== undefined)
          need(Number.isInteger(pl.region.startLine) && pl.region.startLine >= 1, `${rat} region.startLine`);
      }
      if (r.partialFingerprints !== undefined)
        need(
          isObj(r.partialFingerprints) && Object.values(r.partialFingerprints).every((v) => typeof v === 'string'),
          `${rat}.partialFingerprints`,
        );
      bag(r.properties, `${rat}.properties`);
    }
    bag(run.properties, `${at}.properties`);
  }
  return p;
}
