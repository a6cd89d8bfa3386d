import { recordToJson } from '../output/json.js';
import { recordToNdjson } from '../output/ndjson.js';
import { formatSessionPeers, formatSessionTitle, formatTextFooter, formatTextRecord } from '../output/text.js';
import { openRun, paletteFor } from './context.js';
import { filterOptions, inputOptions } from './options.js';
import { OutputWriter } from './writer.js';
export function annotateBuilder(y) {
    return filterOptions(inputOptions(y))
        .option('format', { alias: 'f', describe: 'output format', choices: ['text', 'ndjson', 'json'], default: 'text' })
        .option('body', { describe: 'include message bodies (default: on for ndjson/json, off for text); --no-body leaves them out', type: 'boolean' })
        .example('$0 annotate session.ndjson', 'readable transcript')
        .example('$0 annotate -f ndjson session.ndjson | jq .', 'one annotated record per line (the record contract)')
        .example('server | $0 annotate -', 'annotate live stdio as it arrives')
        .example("$0 annotate --method 'tools/*' --phase operation log.ndjson", 'only tool traffic during operation');
}
export async function runAnnotate(args, io) {
    const { analyzer, records } = openRun(args, io);
    const out = new OutputWriter(io.stdout);
    const sink = makeSink(args, io, analyzer);
    for await (const r of records) {
        const pending = out.write(sink.record(r));
        if (pending)
            await pending;
    }
    const summary = analyzer.summary();
    out.write(sink.end(summary));
    await out.end();
    return 0;
}
function makeSink(args, io, analyzer) {
    if (args.format === 'ndjson') {
        const opts = { body: args.body ?? true };
        return { record: (r) => recordToNdjson(r, opts) + '\n', end: () => '' };
    }
    if (args.format === 'json') {
        // Streamed as it goes, so a large log never sits in memory as one document.
        const opts = { body: args.body ?? true };
        let first = true;
        return {
            record: (r) => {
                const head = first ? '{"records":[\n' : ',\n';
                first = false;
                return head + JSON.stringify(recordToJson(r, opts));
            },
            end: ({ sessions, open, findings }) => (first ? '{"records":[' : '\n') +
                `],\n"sessions":${JSON.stringify(sessions)},\n"unanswered":${JSON.stringify(open)},\n"findings":${JSON.stringify(findings)}}\n`,
        };
    }
    const palette = paletteFor(io, args.color);
    const textOpts = { body: args.body ?? false };
    const headed = new Set();
    let lastSession = null;
    return {
        record: (r) => {
            let s = '';
            const info = analyzer.session(r.session);
            if (r.session !== lastSession && info) {
                lastSession = r.session;
                s += formatSessionTitle(info, palette) + '\n';
            }
            s += formatTextRecord(r, palette, textOpts) + '\n';
            if (r.kind === 'response' && r.method === 'initialize' && info && !headed.has(info)) {
                headed.add(info);
                s += formatSessionPeers(info, palette) + '\n';
            }
            return s;
        },
        end: ({ open }) => {
            const footer = formatTextFooter(open, palette);
            return footer ? `\n${footer}\n` : '';
        },
    };
}
//# sourceMappingURL=annotate.js.map