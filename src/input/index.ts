// The input stage's public surface: readers from bytes (files, stdin) to frames, and format detection.
export { readFrames, readFrameBatches, openInput, lineReader, type ReadOptions } from './read.js';
export {
  INPUT_FORMATS,
  classifyLine,
  detectFormat,
  detectInput,
  FormatDetector,
  InputDetector,
  type BaseFormat,
  type DetectOptions,
  type Detection,
  type InputFormat,
  type LineVerdict,
} from './detect.js';
export { DIALECTS, DIALECT_NAMES, dialectNamed, type Dialect, type DialectName } from './dialects/index.js';
export { DialectReader, type DialectLimits } from './dialects/engine.js';
export type { DialectScore } from './dialects/scorer.js';
export { LineSplitter, splitLines, isBlank, type Chunk, type Line } from './lines/lines.js';
export { NdjsonReader, readNdjson } from './readers/ndjson.js';
export { EnvelopeReader, readEnvelopes } from './readers/envelope.js';
export {
  envelopeToFrame,
  isEnvelope,
  ENVELOPE_KEYS,
  MESSAGE_KEYS,
  TIME_KEYS,
  DIR_KEYS,
  SESSION_KEYS,
} from './readers/envelope-fields.js';
export { TranscriptReader, readTranscript, type TranscriptLimits } from './readers/transcript.js';
export { parseHeader, type Header, type TimeToken } from './readers/transcript-syntax.js';
export { JsonDocumentReader, readJsonDocument, CONTAINER_KEYS } from './json/json-document.js';
export { describeDocument, type DocumentSummary, type PathCount } from './json/json-paths.js';
export type { LineReader, Position } from './lines/frames.js';
export { untilAborted } from './follow/until-aborted.js';
export {
  followFile,
  type FollowEvent,
  type FollowNotice,
  type FollowOptions,
  type FollowProgress,
  type SegmentReason,
} from './follow/follow.js';
export { followSegments, type FollowSegment } from './follow/follow-segments.js';
