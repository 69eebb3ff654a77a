// Baseline for benchmarks: a bare node:http server answering every request with the same bytes
// (read from BENCH_BODY_FILE) and content type. Prints {"port":N} once it listens on 127.0.0.1.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.env.BENCH_BODY_FILE ?? "");
const contentType = process.env.BENCH_CONTENT_TYPE || "text/html; charset=utf-8";

const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": contentType, "content-length": body.length });
  response.end(body);
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === "object" ? address?.port : null })}\n`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
// The benchmark keeps our stdin open; when it closes, the benchmark is gone, so stop too.
process.stdin.on("end", stop);
process.stdin.resume();
