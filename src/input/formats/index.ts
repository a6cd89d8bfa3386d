// The format registry: every input format, one entry each, in the order `--input-format`, `mcptrace formats` and
// detection's stages list them (types.ts). A new format is one entry here; a new text-log dialect or tool capture is
// one data file and one line in the index of its folder (../dialects/index.ts, ../tool-captures/index.ts).
import { DIALECTS, type DialectName } from '../dialects/index.js';
import { TOOL_CAPTURES, type ToolCaptureName } from '../tool-captures/index.js';
import { curl } from './curl.js';
import { dialectFormat } from './dialects.js';
import { envelope } from './envelope.js';
import { har } from './har.js';
import { json } from './json.js';
import { ndjson } from './ndjson.js';
import { pcap } from './pcap.js';
import { toolCaptureFormat } from './tool-captures.js';
import { transcript } from './transcript.js';
import type { FormatEntry } from './types.js';

/** mcptrace's own formats and the generic ones, then HTTP traffic (read as exchanges, not as lines of messages). */
const BUILT_IN = [ndjson, envelope, transcript, json, har, pcap, curl] as const;

export type InputFormat = (typeof BUILT_IN)[number]['name'] | DialectName | ToolCaptureName;

/** Every input format: the built-in ones, every text-log dialect in detection's order, every tool-capture dialect. */
export const FORMATS: readonly FormatEntry<InputFormat>[] = [
  ...BUILT_IN,
  ...DIALECTS.map(dialectFormat),
  ...TOOL_CAPTURES.map(toolCaptureFormat),
];

/** Every `--input-format` name. */
export const INPUT_FORMATS: readonly InputFormat[] = FORMATS.map((f) => f.name);

const BY_NAME: ReadonlyMap<string, FormatEntry<InputFormat>> = new Map(FORMATS.map((f) => [f.name, f]));

/** The entry of a format (every InputFormat has one). */
export function formatNamed(name: InputFormat): FormatEntry<InputFormat> {
  return BY_NAME.get(name)!;
}
