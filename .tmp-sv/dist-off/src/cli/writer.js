const HIGH_WATER = 64 * 1024;
export class OutputWriter {
    out;
    buf = [];
    size = 0;
    scheduled = false;
    waiting = null;
    constructor(out) {
        this.out = out;
    }
    /** Queues text; resolves at once unless the destination is full (then after it drains). */
    write(text) {
        this.buf.push(text);
        this.size += text.length;
        if (this.size >= HIGH_WATER)
            return this.flush();
        if (!this.scheduled) {
            // Flush when the pipeline next waits for input, so live input is printed as it arrives.
            this.scheduled = true;
            setImmediate(() => {
                this.scheduled = false;
                void this.flush();
            });
        }
        return this.waiting ?? undefined;
    }
    flush() {
        if (this.size > 0) {
            const chunk = this.buf.length === 1 ? this.buf[0] : this.buf.join('');
            this.buf = [];
            this.size = 0;
            if (!this.out.write(chunk) && !this.waiting) {
                this.waiting = new Promise((resolve) => {
                    const done = () => {
                        this.out.off('drain', done);
                        this.out.off('error', done);
                        this.out.off('close', done);
                        this.waiting = null;
                        resolve();
                    };
                    this.out.on('drain', done);
                    this.out.on('error', done);
                    this.out.on('close', done);
                });
            }
        }
        return this.waiting ?? undefined;
    }
    /** Writes what is left and waits until the destination took it. */
    async end() {
        await this.flush();
        await this.waiting;
    }
}
//# sourceMappingURL=writer.js.map