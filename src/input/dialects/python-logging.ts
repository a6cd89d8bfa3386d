// Line shapes Python servers share whatever logs through them: logging's level names, rich's console table, uvicorn.
//
// The Python SDK and FastMCP both print through Python's logging; which handler formats a line is the application's
// choice (test/fixtures/hosts/python-sdk/SOURCES.md, Line formats), so their dialects share these grammars.

/** logging's level names, as `%(levelname)s` writes them. */
export const PY_LEVEL = String.raw`(?<level>DEBUG|INFO|WARNING|ERROR|CRITICAL)`;

/**
 * rich's RichHandler: a 20-column time cell `[MM/DD/YY HH:MM:SS] ` (blank when the second repeats), a 9-column level
 * cell, the message cell (a `cell`: wrapped lines start at column 29), and the source `file.py:LINE` on the right.
 */
export const RICH_LINE = new RegExp(
  String.raw`^(?:\[(?<ts>\d\d/\d\d/\d\d \d\d:\d\d:\d\d)\]|(?<again> {19})) ${PY_LEVEL} +(?<=^.{29})(?<cell>.*) \S+:\d+$`,
);

/** uvicorn's own handler: `INFO:     127.0.0.1:50514 - "GET /sse HTTP/1.1" 200 OK` (level and colon padded to 10). */
export const UVICORN_LINE = /^(?<level>TRACE|DEBUG|INFO|WARNING|ERROR|CRITICAL): +(?<text>\S.*)$/;
