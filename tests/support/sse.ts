/** One Server-Sent Events message as EventSource would see it ('message' when the event has no name). */
export interface SseMessage {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * Reads an event stream (a fetch body or app.request's) and parses it as the WHATWG spec says: fields up to
 * a blank line, comments (`:`) counted apart. `next` waits for the next message with a deadline, so a test
 * fails with what it saw instead of hanging.
 */
export class SseReader {
  readonly messages: SseMessage[] = [];
  /**
   * The `round.changed` messages, kept apart unless `withRound` is set: each follows an event of the round's
   * actions with the same id, and the tests of the desk's events read those events one after another.
   */
  readonly round: SseMessage[] = [];
  comments = 0;
  ended = false;
  private taken = 0;
  private waiters: (() => void)[] = [];
  private reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly options: { withRound?: boolean } = {},
  ) {
    this.reader = body.getReader();
    void this.pump();
  }

  private async pump() {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // cancelled or the connection dropped: `ended` says so
    }
    this.ended = true;
    this.wakeAll();
  }

  private parse(block: string) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments++;
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      fields++;
      if (name === 'event') event = value;
      else if (name === 'id') id = value;
      else if (name === 'data') data.push(value);
    }
    if (fields === 0 || data.length === 0) return;
    const message = { event, id, data: data.join('\n') };
    if (event === 'round.changed' && !this.options.withRound) this.round.push(message);
    else this.messages.push(message);
    this.wakeAll();
  }

  private wakeAll() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** The next message not taken yet, within `timeoutMs`. */
  async next(timeoutMs = 2_000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.messages[this.taken];
      if (message) {
        this.taken++;
        return message;
      }
      if (this.ended) throw new Error(`The stream ended after ${this.messages.length} message(s)`);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `No message within ${timeoutMs} ms; so far: ${JSON.stringify(this.messages.slice(-5))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next `count` messages. */
  async take(count: number, timeoutMs = 2_000): Promise<SseMessage[]> {
    const taken: SseMessage[] = [];
    for (let i = 0; i < count; i++) taken.push(await this.next(timeoutMs));
    return taken;
  }

  /** Messages that arrived and were not taken (after a pause, to show nothing more came). */
  untaken(): SseMessage[] {
    return this.messages.slice(this.taken);
  }

  async close() {
    await this.reader.cancel().catch(() => {});
  }
}

/** The JSON of a data message. */
export const dataOf = <T = Record<string, unknown>>(message: SseMessage): T => JSON.parse(message.data) as T;
