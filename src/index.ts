// The library API: the analyzer, the pipeline stages and the sinks, with their types.
export { Analyzer, type AnalyzerOptions, type AnalysisSummary, type InputAnalysis } from './analyzer.js';
export { analyze, analyzeStream } from './analyze-stream.js';
export { readFrames, detectFormat, INPUT_FORMATS, type InputFormat } from './input/index.js';
export { decodeFrame, type Decoded } from './decode/decode.js';
export { RULES } from './rules/registry.js';
export type { Rule, RuleMeta } from './rules/types.js';
export type { RuleSettings, EndFinding } from './rules/engine.js';
export { recordToNdjson } from './output/ndjson.js';
export { recordToJson, jsonDocument } from './output/json.js';
export { formatTextRecord, formatTextHeader, formatTextFooter } from './output/text.js';
export { createPalette, colorEnabled } from './output/color.js';
export { StatsCollector } from './stats/collector.js';
export type { Stats } from './stats/types.js';
export { formatStatsJson } from './output/stats-json.js';
export { formatStatsMarkdown } from './output/stats-markdown.js';
export { formatStatsTable } from './output/stats-table.js';
export * as protocol from './protocol/index.js';
export type * from './types.js';
