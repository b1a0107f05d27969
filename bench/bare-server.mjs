// The practical limit for GET /api/drinks: node:http answering a fixed JSON string, nothing else.
// Started by bench/run.ts in its own process, as the app server is, with the app's answer as BARE_BODY.
import http from 'node:http';

const body = Buffer.from(process.env.BARE_BODY ?? '[]');
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
  });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
