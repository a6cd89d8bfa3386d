// `wrap --otlp-endpoint`: the spans of a live session sent as they complete, in the background, never slowing or
// stopping the session: a collector that is slow or gone costs spans, never the server's bytes.
import type { Analyzer, AnalysisSummary } from '../../analyzer.js';
import type { PipelineRecord } from '../../types.js';
import { post, type EndpointOptions } from './endpoint.js';
import { DurationHistograms } from './metrics.js';
import { encodeMetrics, encodeSpans } from './serialize.js';
import type { McpSpan } from './span.js';
import { SpanBuilder, type SpanOptions } from './spans.js';

/** Spans per request (the SDK's batch size), and spans waiting beyond which the oldest are dropped. */
const BATCH = 512;
const QUEUE_LIMIT = 16_384;

/**
 * Told the records as they are annotated and the summary at the end: the shape of the live annotator's listener
 * (live/live-annotator.ts `RecordListener`), which wrap and proxy hand it to; export/ is below live/ and does not name it.
 */
export class LiveSpans {
  private builder: SpanBuilder | null = null;
  private readonly histograms = new DurationHistograms();
  private readonly queue: McpSpan[] = [];
  private sending: Promise<void> | null = null;
  private ended: Promise<void> | null = null;
  private dropped = 0;
  private failed = false;

  private readonly endpoint: EndpointOptions;
  private readonly abort = new AbortController();

  /** `warn`: one line on stderr (the session's own output is never touched). */
  constructor(
    endpoint: EndpointOptions,
    private readonly warn: (message: string) => void,
    private readonly spanOptions: SpanOptions = {},
  ) {
    this.endpoint = { ...endpoint, abort: this.abort.signal };
  }

  records(records: readonly PipelineRecord[], analyzer: Analyzer): void {
    this.builder ??= new SpanBuilder((key) => analyzer.session(key), undefined, undefined, this.spanOptions);
    for (const r of records) this.builder.push(r, this.queue);
    this.kick();
  }

  end(summary: AnalysisSummary): void {
    this.builder?.end(summary.findings, this.queue);
    this.kick();
    this.ended = this.finish();
  }

  /**
   * Resolves when everything was sent, or given up: wrap waits for it before it exits, at most `--otlp-timeout` (at
   * least a second) after the session's end, then gives up what is left (one line says how many spans).
   */
  flushed(): Promise<void> {
    const all = this.ended ?? this.sending ?? Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(
        () => {
          const left = this.queue.length;
          this.abort.abort();
          this.warn(
            `${new URL(this.endpoint.traces.url).host} did not take the session's last spans in time${left > 0 ? ` (${left} not sent)` : ''}; given up`,
          );
          resolve();
        },
        Math.max(this.endpoint.traces.timeoutMs, this.endpoint.metrics.timeoutMs, 1000),
      );
    });
    return Promise.race([all.then(() => clearTimeout(timer)), deadline]);
  }

  private kick(): void {
    if (this.queue.length > QUEUE_LIMIT) this.dropped += this.queue.splice(0, this.queue.length - QUEUE_LIMIT).length;
    // A running drain sends what is queued, to the last; what came after it last looked is sent by the next one.
    if (this.sending) return;
    this.sending = this.drain().finally(() => {
      this.sending = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      for (const s of batch) this.histograms.add(s);
      if (this.failed) continue; // the endpoint failed for good: spans are counted for the histograms only
      try {
        await post(this.endpoint, 'traces', encodeSpans(batch, this.endpoint.traces.encoding));
      } catch (err) {
        this.failed = true;
        if (!this.abort.signal.aborted)
          this.warn(`${(err as Error).message}; no more spans are sent, the session goes on`);
      }
    }
  }

  private async finish(): Promise<void> {
    while (this.sending) await this.sending;
    if (this.dropped > 0)
      this.warn(
        `${this.dropped} spans dropped: ${new URL(this.endpoint.traces.url).host} did not take them fast enough`,
      );
    const window = this.histograms.window();
    if (this.failed || window === null) return;
    try {
      for (const snapshot of this.histograms.snapshot())
        await post(this.endpoint, 'metrics', encodeMetrics(snapshot, window, this.endpoint.metrics.encoding));
    } catch (err) {
      if (!this.abort.signal.aborted) this.warn((err as Error).message);
    }
  }
}
