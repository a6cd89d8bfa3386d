// Command-line entry: parses arguments with yargs and dispatches to a command; returns the exit code.
import yargs from 'yargs';
import { annotateBuilder, runAnnotate } from './annotate.js';
import { auditBuilder, runAudit } from './audit.js';
import { rulesBuilder, runRules } from './rules.js';
import { processIO } from './context.js';
import { EXIT, UsageError } from './errors.js';
import { STDIN_ARG } from './inputs.js';
import { runStats, statsBuilder } from './stats.js';
const EPILOG = 'Input formats: raw NDJSON, envelope NDJSON, pcap-style transcripts, JSON documents (detected per file).\nDocs: README.md';
export async function main(argv, io = processIO()) {
    const debug = argv.includes('--debug');
    let usageError = null;
    // Handlers only choose the command; it runs after parsing, so a usage error never starts one.
    let selected = null;
    // yargs drops a bare `-`; carry it through as a token no file name can be.
    const args = argv.map((a) => (a === '-' ? STDIN_ARG : a));
    const parser = yargs(args)
        .scriptName('mcptrace')
        .usage('$0 <command> [options] [files..]\n\nRead MCP session logs and explain them.')
        .command(['annotate [files..]', '$0 [files..]'], 'print the annotated transcript (text, ndjson, json)', annotateBuilder, (a) => {
        selected = () => runAnnotate(a, io);
    })
        .command('audit [files..]', 'report spec violations (text, markdown, html, json, sarif, junit); exit 1 on findings', auditBuilder, (a) => {
        selected = () => runAudit(a, io);
    })
        .command('rules', 'list every audit rule with its severity, revisions and documentation', rulesBuilder, (a) => {
        selected = () => runRules(a, io);
    })
        .command('stats [files..]', 'traffic statistics: lifecycle vs operation, methods, latency, pairing', statsBuilder, (a) => {
        selected = () => runStats(a, io);
    })
        .example('$0 session.ndjson', 'annotated transcript of a saved log')
        .example('$0 stats -f json session.ndjson', 'traffic statistics as JSON')
        .example('server | $0 -', 'annotate piped live stdio as it arrives')
        .strict()
        .recommendCommands()
        .help()
        .alias('h', 'help')
        .version()
        .epilog(EPILOG)
        .wrap(Math.min(110, process.stdout.columns ?? 100))
        .exitProcess(false)
        .fail((msg, err) => {
        usageError ??= (msg ?? err?.message ?? 'invalid arguments').replace(/\s*\n\s*/g, ' ').trim();
    });
    try {
        await parser.parseAsync();
    }
    catch (err) {
        usageError ??= err.message;
    }
    if (usageError !== null) {
        io.stderr.write(`mcptrace: ${usageError} (see mcptrace --help)\n`);
        return EXIT.usage;
    }
    const command = selected;
    if (command === null)
        return EXIT.ok; // --help or --version was printed
    try {
        return await command();
    }
    catch (err) {
        if (err instanceof UsageError) {
            io.stderr.write(`mcptrace: ${err.message}\n`);
            return EXIT.usage;
        }
        if (debug)
            io.stderr.write(`${err.stack ?? String(err)}\n`);
        io.stderr.write(`mcptrace: internal error: ${err.message} (run with --debug for details)\n`);
        return EXIT.usage;
    }
}
//# sourceMappingURL=main.js.map