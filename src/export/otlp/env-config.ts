// The OpenTelemetry exporter's environment variables as the specification defines them (OTLP Exporter Configuration;
// SDK environment variables: OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES): read and checked, each error naming its
// variable. The command line overrides every one of them (src/export/otlp/endpoint-options.ts).
import { UsageError } from '../../util/errors.js';
import type { Attributes } from './span.js';

export type Signal = 'traces' | 'metrics';

const PREFIX = 'OTEL_EXPORTER_OTLP_';

/** A setting's value for a signal: the signal's own variable, else the generic one; with the variable's name. */
export function signalSetting(
  env: NodeJS.ProcessEnv,
  setting: string,
  signal: Signal,
): { name: string; value: string } | null {
  for (const name of [`${PREFIX}${signal.toUpperCase()}_${setting}`, `${PREFIX}${setting}`]) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') return { name, value };
  }
  return null;
}

/**
 * `key1=value1,key2=value2`, the W3C Baggage form the specification gives OTEL_EXPORTER_OTLP_HEADERS and
 * OTEL_RESOURCE_ATTRIBUTES: keys and values trimmed and percent-decoded, a member's `;properties` left out.
 */
export function baggageList(name: string, text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const member of text.split(',')) {
    if (member.trim() === '') continue;
    const pair = member.split(';')[0]!;
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`${name}: ${JSON.stringify(member.trim())} is not key=value`);
    try {
      out.push([decodeURIComponent(pair.slice(0, eq).trim()), decodeURIComponent(pair.slice(eq + 1).trim())]);
    } catch {
      throw new UsageError(`${name}: ${JSON.stringify(member.trim())}: a bad percent-encoding`);
    }
  }
  return out;
}

/** The signal's URL from the environment: its own variable as is, else the generic one with `/v1/{signal}` appended. */
export function envUrl(
  env: NodeJS.ProcessEnv,
  signal: Signal,
): { name: string; url: string; appendPath: boolean } | null {
  const own = env[`${PREFIX}${signal.toUpperCase()}_ENDPOINT`]?.trim();
  if (own) return { name: `${PREFIX}${signal.toUpperCase()}_ENDPOINT`, url: own, appendPath: false };
  const generic = env[`${PREFIX}ENDPOINT`]?.trim();
  return generic ? { name: `${PREFIX}ENDPOINT`, url: generic, appendPath: true } : null;
}

/** Whether the environment names an endpoint for either signal (then `export --to otlp` sends to it). */
export function envNamesEndpoint(env: NodeJS.ProcessEnv): boolean {
  return envUrl(env, 'traces') !== null || envUrl(env, 'metrics') !== null;
}

/**
 * What the environment adds to every resource: OTEL_RESOURCE_ATTRIBUTES, and the service name to use when the log
 * does not name the server (OTEL_SERVICE_NAME, else OTEL_RESOURCE_ATTRIBUTES' `service.name`). The server the log
 * names stays the resource's `service.name`: the spans are the server's.
 */
export function envResource(env: NodeJS.ProcessEnv): { attributes: Attributes; serviceName: string | null } {
  const attributes: Attributes = {};
  const text = env.OTEL_RESOURCE_ATTRIBUTES?.trim();
  if (text) for (const [k, v] of baggageList('OTEL_RESOURCE_ATTRIBUTES', text)) attributes[k] = v;
  const named =
    env.OTEL_SERVICE_NAME?.trim() || (typeof attributes['service.name'] === 'string' ? attributes['service.name'] : '');
  delete attributes['service.name'];
  return { attributes, serviceName: named || null };
}
