// The input stage as the layers above take it whole: an input's frames, the formats, --follow's segments and notices,
// and what detection and a JSON document tell. Pieces they use alone (times, nesting, file content, HTTP capture) are
// imported from their own modules.
export { readFrameBatches, type ReadOptions } from './read.js';
export { INPUT_FORMATS, type Detection, type InputFormat } from './detect.js';
export { describeDocument, type DocumentSummary } from './json/json-paths.js';
export { untilAborted } from './follow/until-aborted.js';
export { followSegments } from './follow/follow-segments.js';
export type { FollowNotice, FollowOptions, FollowProgress } from './follow/follow.js';
