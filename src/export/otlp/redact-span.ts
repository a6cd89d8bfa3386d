// `export --to otlp --redact`: a finished span with secrets masked in every string it carries (its name, status,
// attributes, events and resource), as annotate masks what it prints; the histograms are made from these spans.
import { REDACTED, type Redactor } from '../../output/redact.js';
import { spanName } from './attributes.js';
import { resourceRef, type Attributes, type McpSpan, type ResourceRef, type SpanEvent } from './span.js';

export class SpanRedactor {
  /** Redacted resources by the original's key: a session's spans share one. */
  private readonly resources = new Map<string, ResourceRef>();

  constructor(private readonly redactor: Redactor) {}

  /** A JSON value with values under secret keys and secrets in strings masked (before it is written as a string). */
  value<T>(v: T): T {
    return this.redactor.value(v);
  }

  span(s: McpSpan): McpSpan {
    const t = (x: string) => this.redactor.text(x);
    const attributes = this.attributes(s.attributes);
    return {
      ...s,
      // An MCP span's name is made of its attributes (a tool's name masked by `--redact-key` is masked in it too).
      name: attributes['mcp.method.name'] === undefined ? t(s.name) : spanName(attributes),
      ...(s.traceState !== undefined ? { traceState: t(s.traceState) } : {}),
      status: s.status.message === undefined ? s.status : { ...s.status, message: t(s.status.message) },
      attributes,
      events: s.events.map(
        (e): SpanEvent => ({ name: t(e.name), timeMs: e.timeMs, attributes: this.attributes(e.attributes) }),
      ),
      resource: this.resource(s.resource),
    };
  }

  private resource(r: ResourceRef): ResourceRef {
    let out = this.resources.get(r.key);
    if (out === undefined) {
      if (this.resources.size >= 1024) this.resources.clear();
      this.resources.set(r.key, (out = resourceRef(this.attributes(r.attributes))));
    }
    return out;
  }

  /** Every string value masked; a value under a secret key (`--redact-key mcptrace.server`) masked whole. */
  private attributes(a: Attributes): Attributes {
    const out: Attributes = {};
    for (const [k, v] of Object.entries(a)) {
      if (this.redactor.isSecretKey(k) && typeof v !== 'boolean') out[k] = REDACTED;
      else
        out[k] =
          typeof v === 'string' ? this.redactor.text(v) : Array.isArray(v) ? v.map((x) => this.redactor.text(x)) : v;
    }
    return out;
  }
}
