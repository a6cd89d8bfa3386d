// A rule's message as data: a template whose `{field}` placeholders name fields of the finding's data (`{first.seq}`
// a nested one), or a few named templates of which a field of the data names the one to use. One function renders
// them all, so the doc page can show each template verbatim (its "Message" section) and a test can hold the rule, its
// page and its output to the same words (test/rules/rule-meta.test.ts).

/** Named templates: `templates[String(data[by])]` is the one a finding uses. */
interface NamedTemplates<D> {
  by: Extract<keyof D, string>;
  templates: Readonly<Record<string, string>>;
}

/**
 * A rule's message: a template, or named templates. A value prints as `String(value)`: a string as is, a number as
 * digits, a record reference as its seq. Words that depend on the data (a count's plural, a quoted value, an optional
 * clause) are made by the check, into the data, or are a template of their own.
 */
export type RuleMessage<D> = string | NamedTemplates<D>;

const PLACEHOLDER = /\{([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\}/g;

/** The fields a template's placeholders name (`first.seq` for a nested one), in order. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** Every template of a message, by name (`''` for a single template). */
export function templatesOf<D>(message: RuleMessage<D>): [name: string, template: string][] {
  return typeof message === 'string' ? [['', message]] : Object.entries(message.templates);
}

/** The template a finding with `data` uses. */
function templateFor<D>(message: RuleMessage<D>, data: D): string {
  if (typeof message === 'string') return message;
  const name = String((data as Record<string, unknown>)[message.by]);
  const t = message.templates[name];
  if (t === undefined) throw new Error(`no message template "${name}" (by ${message.by})`);
  return t;
}

/** The finding's text: the template with each placeholder replaced by its field's value. */
export function renderMessage<D>(message: RuleMessage<D>, data: D): string {
  const { parts, paths } = compiled(templateFor(message, data));
  let out = parts[0]!;
  for (let i = 0; i < paths.length; i++) out += String(fieldAt(data, paths[i]!)) + parts[i + 1]!;
  return out;
}

/** A template cut at its placeholders: it reads `parts[0] + paths[0] + parts[1] + …`, each path a field's keys. */
interface Compiled {
  parts: string[];
  paths: string[][];
}

/** The templates cut so far, by their text (the rules' templates: a few dozen, made once each, not per finding). */
const cut = new Map<string, Compiled>();

function compiled(template: string): Compiled {
  let c = cut.get(template);
  if (c === undefined) {
    const pieces = template.split(PLACEHOLDER);
    c = {
      parts: pieces.filter((_, i) => i % 2 === 0),
      paths: pieces.filter((_, i) => i % 2 === 1).map((p) => p.split('.')),
    };
    cut.set(template, c);
  }
  return c;
}

/** The value at a field's keys in the data (undefined where it is not). */
function fieldAt(data: unknown, keys: readonly string[]): unknown {
  let v = data;
  for (let i = 0; i < keys.length; i++)
    v = v === null || typeof v !== 'object' ? undefined : (v as Record<string, unknown>)[keys[i]!];
  return v;
}

/** `1 message`, `3 messages`: a count for a template's field (nouns whose plural takes an `s`). */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
