import http from 'node:http';

/** A raw GET: the bytes as sent (fetch would decompress them and add its own Accept-Encoding). */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          // Everything but what node adds to each answer by itself.
          const kept = Object.entries(response.headers).filter(
            ([name]) => !['date', 'keep-alive', 'connection'].includes(name),
          );
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(kept.map(([name, value]) => [name, String(value)])),
            body: Buffer.concat(chunks),
          });
        });
      })
      .on('error', reject);
  });
}
