// The library API: the analyzer, the pipeline stages and the sinks, with their types.
export { Analyzer } from './analyzer.js';
export { analyze, analyzeStream } from './analyze-stream.js';
export { readFrames, detectFormat, INPUT_FORMATS } from './input/index.js';
export { decodeFrame } from './decode/decode.js';
export { RULES } from './rules/registry.js';
export { recordToNdjson } from './output/ndjson.js';
export { recordToJson, jsonDocument } from './output/json.js';
export { formatTextRecord, formatTextHeader, formatTextFooter } from './output/text.js';
export { createPalette, colorEnabled } from './output/color.js';
export { StatsCollector } from './stats/collector.js';
export { formatStatsJson } from './output/stats-json.js';
export { formatStatsMarkdown } from './output/stats-markdown.js';
export { formatStatsTable } from './output/stats-table.js';
export * as protocol from './protocol/index.js';
//# sourceMappingURL=index.js.map