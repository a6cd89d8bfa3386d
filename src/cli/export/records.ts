// The common part of every export: read the inputs into annotated records (with annotate's rule settings) and hand
// them to the target in order, waiting whenever it is busy writing; then the run's summary.
import type { AnalysisSummary, Analyzer } from '../../analyzer.js';
import type { PipelineRecord } from '../../types.js';
import { openRun, type CliIO } from '../context.js';
import { withFollow } from '../follow.js';
import { ruleSettings } from '../rule-options.js';
import type { ExportArgs } from './target.js';

export interface RecordSink {
  /**
   * A promise when the sink is busy: the next record waits for it. `analyzer`: what is known so far of the record's
   * session (its peers, revision, transport), for sinks that need more than the record.
   */
  add(r: PipelineRecord, analyzer: Analyzer): Promise<void> | void;
  end(summary: AnalysisSummary): Promise<void>;
}

export async function exportRecords(args: ExportArgs, io: CliIO, sink: RecordSink): Promise<void> {
  const { rules, ruleOptions } = await ruleSettings(args);
  await withFollow(args.follow, io, async (stop) => {
    const { analyzer, batches } = openRun(args, io, { rules, ruleOptions }, stop);
    for await (const batch of batches) {
      for (let i = 0; i < batch.length; i++) {
        const pending = sink.add(batch[i]!, analyzer);
        if (pending) await pending;
      }
    }
    await sink.end(analyzer.summary());
  });
}
