import type { Context } from 'hono';
import type { Logger } from '../logger';
import { describeError } from '../logger';

/**
 * A CSV file streamed batch by batch from a database cursor: a constant amount of memory however long the
 * export. The 200 goes out before the rows, so a failure later truncates the download (the browser reports
 * it) and its detail goes to the log; a client that goes away closes the cursor.
 */
export function csvDownload<T>(
  c: Context,
  options: {
    fileName: string;
    header: string;
    batches: AsyncGenerator<T[]>;
    toRow: (item: T) => string;
    logger: Logger;
    what: string;
  },
): Response {
  const { header, batches, toRow, logger, what } = options;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(toRow).join('')));
      } catch (error) {
        logger.error(`${what} failed`, describeError(error));
        controller.error(new Error('The export stopped: see the server log'));
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${options.fileName}"`,
  });
}
