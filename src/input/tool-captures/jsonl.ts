// The line reader of a JSONL tool-capture dialect (MCPSpy, mcpsnoop, mcp-gateway): each line a record for the engine.
import type { Frame } from '../../types.js';
import { nestedDeeper } from '../shared/depth.js';
import { oversizedFrame, tooDeepFrame, type LineReader, type Position } from '../lines/frames.js';
import { DEFAULT_MAX_MESSAGE_BYTES, isBlank, type Line } from '../lines/lines.js';
import { ToolCaptureMapper } from './mapper.js';
import { ToolCaptureOrder } from './order.js';
import type { ToolCaptureDialect } from './types.js';

/**
 * A line that is a JSON object is a record, read by the dialect's forms; any other non-blank line (what else the tool
 * or a shell wrote into the file, a line cut short) is a log record. Blank lines belong to no record. Pure and
 * synchronous.
 */
export class ToolCaptureLineReader implements LineReader {
  private readonly mapper: ToolCaptureMapper;
  private readonly order: ToolCaptureOrder;
  private readonly frames: Frame[] = [];
  private readonly later: Frame[] = [];

  constructor(
    d: ToolCaptureDialect,
    private readonly file: string,
    private readonly maxBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {
    this.mapper = new ToolCaptureMapper(d, file);
    this.order = new ToolCaptureOrder(d.provisionalSession, undefined, maxBytes);
  }

  line(l: Line, out: Frame[]): void {
    if (isBlank(l.text) && !l.oversized) return;
    const at: Position = { file: this.file, line: l.line, lines: 1 };
    this.frames.length = 0;
    this.later.length = 0;
    const newest = this.read(l, at);
    this.order.push(this.frames, this.later, newest, out);
  }

  end(out: Frame[]): void {
    this.order.end(out);
  }

  /** The frames of one line; true when its record is listed newest first. */
  private read(l: Line, at: Position): boolean {
    const frames = this.frames;
    if (l.oversized) frames.push(oversizedFrame(at, l.text, l.bytes, this.maxBytes));
    else if (l.text.trimStart().charCodeAt(0) !== 0x7b /* { */) this.mapper.text(at, l.text, frames);
    else if (nestedDeeper(l.text)) frames.push(tooDeepFrame(at, l.text));
    else {
      let value: unknown;
      try {
        value = JSON.parse(l.text);
      } catch {
        this.mapper.text(at, l.text, frames);
        return false;
      }
      return this.mapper.record(value, at, () => l.text, frames, this.later);
    }
    return false;
  }
}
