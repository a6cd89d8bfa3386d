// The library's public API, and all of it: what `import … from 'mcptrace'` gives (docs/library.md lists these names,
// and test/library/exports.test.ts holds the two to each other). Everything else in src/ is internal.

// Analyse: bytes in, annotated records out, and what the end of input tells.
export {
  Analyzer,
  type AnalysisSummary,
  type AnalyzerOptions,
  type InputAnalysis,
  type InputSummary,
  type RunStatus,
} from './analyzer.js';
export { analyze, analyzeFollow, analyzeStream } from './analyze-stream.js';
export {
  INPUT_FORMATS,
  type Detection,
  type DocumentSummary,
  type FollowNotice,
  type FollowOptions,
  type FollowProgress,
  type InputFormat,
} from './input/index.js';

// The record contract (docs/formats.md, docs/reference/record.md).
export type * from './types.js';

// Rules and their findings.
export { RULES } from './rules/registry.js';
export type { Rule, RuleMeta, RuleOptions } from './rules/types.js';
export type { EndFinding, RuleSettings } from './rules/engine.js';

// What went wrong, per session.
export { Diagnoser, diagnose, worstVerdict, type DiagnoserOptions } from './diagnose/diagnoser.js';
export { CAUSE_METAS } from './diagnose/registry.js';
export type {
  CauseMeta,
  Diagnosis,
  DiagnosisSide,
  Evidence as DiagnosisEvidence,
  Impact,
  SessionDiagnosis,
  Verdict,
} from './diagnose/types.js';

// Statistics and one request's story.
export { StatsCollector, type StatsOptions } from './stats/collector.js';
export type { Stats } from './stats/types.js';
export { storyOf, type Story, type StoryOutcome, type StoryStep, type StepRole } from './story/story.js';
export { findRequests, type StoryQuery } from './story/find.js';

// Output: records as NDJSON, JSON and text; the diagnosis and the statistics as people read them.
export { recordToNdjson, type RecordOutputOptions } from './output/ndjson.js';
export { jsonDocument, recordToJson, type JsonDocument, type JsonRecord } from './output/json.js';
export { formatTextRecord, type TextOptions } from './output/text.js';
export { createPalette, type Palette } from './output/color.js';
export { formatWhyText } from './output/why-text.js';
export { formatStatsJson } from './output/stats-json.js';
export { formatStatsMarkdown } from './output/stats-markdown.js';
export { formatStatsTable } from './output/stats-table.js';
