// The registry of tool-capture dialects (other tools' JSON captures): each is an input format and a candidate of detection.
import { inspector } from './inspector.js';
import { mcpGateway } from './mcp-gateway.js';
import { mcpRecorder } from './mcp-recorder.js';
import { mcpsnoop } from './mcpsnoop.js';
import { mcpspy } from './mcpspy.js';
import type { ToolCaptureDialect, DocumentLayout } from './types.js';

/** Every tool-capture dialect, in the order detection tries them. */
export const TOOL_CAPTURES = [mcpspy, mcpsnoop, mcpGateway, inspector, mcpRecorder] as const;

export type ToolCaptureName = (typeof TOOL_CAPTURES)[number]['name'];

export const TOOL_CAPTURE_NAMES = TOOL_CAPTURES.map((d) => d.name) as readonly ToolCaptureName[];

const BY_NAME: ReadonlyMap<string, ToolCaptureDialect> = new Map(TOOL_CAPTURES.map((d) => [d.name, d]));

/** The tool-capture dialect of that name, or undefined for any other format. */
export function toolCaptureNamed(name: string): ToolCaptureDialect | undefined {
  return BY_NAME.get(name);
}

/** A tool-capture dialect whose input is one JSON document (read whole-document, not by lines). */
export function isDocumentToolCapture(
  d: ToolCaptureDialect,
): d is ToolCaptureDialect & { layout: { document: DocumentLayout } } {
  return 'document' in d.layout;
}
