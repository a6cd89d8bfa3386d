// The story pane of the selected message: its request and what answered it, each as its list line.
import type { Palette } from '../output/color.js';

/** Lines of the story: the request's line, then its answer's, or why there is none. */
export function storyLines(request: string | null, answer: string | null, p: Palette): string[] {
  const lines = [p.bold('story')];
  lines.push(request === null ? p.dim('  no request in the log') : '  ' + request);
  lines.push(answer === null ? p.dim('  no answer in the log (yet)') : '  ' + answer);
  return lines;
}
