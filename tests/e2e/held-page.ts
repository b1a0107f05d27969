import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the test's server that sends /checkout's HTML as far as the Summary and holds the rest
 * until `release`: the cards are parsed and drawn and take taps, the Summary is not on the page yet, as on a
 * slow phone while the parser is still on the cards. Everything else passes through as it is.
 */
export async function holdThePageBeforeTheSummary(target: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { host } = new URL(target);
  const proxy = http.createServer((request, response) => {
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      // Uncompressed, so the proxy can cut the page where it wants.
      { method: request.method, headers: { ...request.headers, host, 'accept-encoding': 'identity' } },
      (answer) => {
        const page =
          request.url?.startsWith('/checkout') && answer.headers['content-type']?.startsWith('text/html');
        if (!page) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString();
          const at = html.indexOf('<section id="summary"');
          if (at < 0) throw new Error('the page has no Summary to hold');
          const { 'content-length': _length, ...headers } = answer.headers;
          response.writeHead(answer.statusCode ?? 200, headers);
          response.write(html.slice(0, at));
          void released.then(() => response.end(html.slice(at)));
        });
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    release,
    close: () => {
      release();
      proxy.closeAllConnections();
      proxy.close();
    },
  };
}
