// Reads the physical lines that evidence points at, streaming each file once and keeping only those lines.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { inputContent } from '../input/files/content.js';

/**
 * `lines` of each file (by `file:line` names as the records give them), of its content as it was read (a gzip file's
 * decompressed lines); files that cannot be read are left out.
 */
export async function readSourceLines(
  wanted: ReadonlyMap<string, ReadonlySet<number>>,
): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  for (const [file, set] of wanted) {
    if (file === '-' || set.size === 0) continue;
    const got = new Map<number, string>();
    const last = Math.max(...set);
    try {
      const input = Readable.from(inputContent(createReadStream(file)));
      const rl = createInterface({ input, crlfDelay: Infinity });
      let n = 0;
      for await (const line of rl) {
        n++;
        if (set.has(n)) got.set(n, line.length > 4096 ? line.slice(0, 4096) : line);
        if (n >= last) {
          rl.close();
          break;
        }
      }
      input.destroy();
    } catch {
      continue;
    }
    out.set(file, got);
  }
  return out;
}
