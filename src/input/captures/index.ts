// The registry of capture dialects (other tools' JSON captures): each is an input format and a candidate of detection.
import { inspector } from './inspector.js';
import { mcpGateway } from './mcp-gateway.js';
import { mcpRecorder } from './mcp-recorder.js';
import { mcpsnoop } from './mcpsnoop.js';
import { mcpspy } from './mcpspy.js';
import type { CaptureDialect, DocumentLayout } from './types.js';

/** Every capture dialect, in the order detection tries them. */
export const CAPTURES = [mcpspy, mcpsnoop, mcpGateway, inspector, mcpRecorder] as const;

export type CaptureName = (typeof CAPTURES)[number]['name'];

export const CAPTURE_NAMES = CAPTURES.map((d) => d.name) as readonly CaptureName[];

const BY_NAME: ReadonlyMap<string, CaptureDialect> = new Map(CAPTURES.map((d) => [d.name, d]));

/** The capture dialect of that name, or undefined for any other format. */
export function captureNamed(name: string): CaptureDialect | undefined {
  return BY_NAME.get(name);
}

/** A capture dialect whose input is one JSON document (read whole-document, not by lines). */
export function isDocumentCapture(d: CaptureDialect): d is CaptureDialect & { layout: { document: DocumentLayout } } {
  return 'document' in d.layout;
}
