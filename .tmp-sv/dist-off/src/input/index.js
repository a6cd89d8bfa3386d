// The input stage's public surface: readers from bytes (files, stdin) to frames, and format detection.
export { readFrames, openInput, lineReader } from './read.js';
export { INPUT_FORMATS, classifyLine, detectFormat, detectInput, FormatDetector } from './detect.js';
export { LineSplitter, splitLines, isBlank } from './lines.js';
export { NdjsonReader, readNdjson } from './ndjson.js';
export { EnvelopeReader, readEnvelopes } from './envelope.js';
export { envelopeToFrame, isEnvelope, ENVELOPE_KEYS, MESSAGE_KEYS, TIME_KEYS, DIR_KEYS, SESSION_KEYS } from './envelope-fields.js';
export { TranscriptReader, readTranscript } from './transcript.js';
export { parseHeader } from './transcript-syntax.js';
export { JsonDocumentReader, readJsonDocument, CONTAINER_KEYS } from './json-document.js';
//# sourceMappingURL=index.js.map