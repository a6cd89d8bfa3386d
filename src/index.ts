// The library API: the analyzer, the pipeline stages and the sinks, with their types.
export { Analyzer, type AnalyzerOptions, type AnalysisSummary, type InputAnalysis } from './analyzer.js';
export { analyze, analyzeStream, analyzeFollow } from './analyze-stream.js';
export { readFrames, detectFormat, INPUT_FORMATS, type InputFormat } from './input/index.js';
export {
  followFile,
  followSegments,
  type FollowNotice,
  type FollowOptions,
  type FollowProgress,
  type FollowSegment,
} from './input/index.js';
export { decodeFrame, type Decoded } from './decode/decode.js';
export { RULES } from './rules/registry.js';
export type { Rule, RuleMeta } from './rules/types.js';
export type { RuleSettings, EndFinding } from './rules/engine.js';
export { recordToNdjson } from './output/ndjson.js';
export { recordToJson, jsonDocument, type JsonRecord, type JsonDocument } from './output/json.js';
export { formatTextRecord, formatTextHeader, formatTextFooter, type TextOptions } from './output/text.js';
export { createPalette, colorEnabled, type ColorContext } from './output/color.js';
export { escapeTerminal, escapeJsonForTerminal } from './output/escape.js';
export { Redactor, REDACTED, DEFAULT_SECRET_KEYS, type RedactOptions } from './output/redact.js';
export { DEFAULT_MAX_MESSAGE_BYTES } from './input/lines/lines.js';
export { MAX_NESTING } from './input/shared/depth.js';
export { StatsCollector, type StatsOptions } from './stats/collector.js';
export type { Stats } from './stats/types.js';
export { formatStatsJson } from './output/stats-json.js';
export { formatStatsMarkdown } from './output/stats-markdown.js';
export { formatStatsTable } from './output/stats-table.js';
export * as protocol from './protocol/index.js';
export type * from './types.js';
export { Diagnoser, diagnose, worstVerdict, type DiagnoserOptions } from './diagnose/diagnoser.js';
export { CAUSES, CAUSE_METAS } from './diagnose/registry.js';
export { quoteEvidence, evidenceLines } from './diagnose/quote.js';
export type {
  Diagnosis,
  SessionDiagnosis,
  Evidence as DiagnosisEvidence,
  Verdict,
  DiagnosisSide,
  CauseMeta,
} from './diagnose/types.js';
export { storyOf, type Story, type StoryStep, type StepRole, type StoryOutcome } from './story/story.js';
export { findRequests, type StoryQuery } from './story/find.js';
