// A local stand-in of the product-analytics host (PostHog's ingestion and flags endpoints), so the
// real posthog-js in the browser can be tested offline. It records every event it receives.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { gunzipSync } from "node:zlib";

export type RecordedEvent = {
  event: string;
  distinct_id?: string;
  properties: Record<string, unknown>;
  transport: string;
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes what posthog-js sends: JSON, gzip'd JSON, or a form with base64 `data`. */
export function decodeEvents(raw: Buffer, url: URL, contentType: string): Record<string, unknown>[] {
  let text: string;
  if (url.searchParams.get("compression") === "gzip-js" || (raw[0] === 0x1f && raw[1] === 0x8b)) {
    text = gunzipSync(raw).toString("utf8");
  } else {
    text = raw.toString("utf8");
  }
  if (contentType.includes("application/x-www-form-urlencoded") || text.startsWith("data=")) {
    const data = new URLSearchParams(text).get("data") ?? "";
    text = Buffer.from(data, "base64").toString("utf8");
  }
  const parsed: unknown = JSON.parse(text);
  const list = Array.isArray(parsed)
    ? parsed
    : typeof parsed === "object" && parsed && "batch" in parsed
      ? (parsed as { batch: unknown[] }).batch
      : [parsed];
  return list.filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null);
}

export function startAnalyticsStandIn(port: number, flags: Record<string, boolean>): Promise<Server> {
  const events: RecordedEvent[] = [];
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Allow-Credentials", "true");
      res.setHeader("Access-Control-Allow-Headers", req.headers["access-control-request-headers"] ?? "*");
      res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    }
    if (req.method === "OPTIONS") return void res.writeHead(204).end();
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    // The tests' own view of what arrived.
    if (url.pathname === "/__events") return json(200, { events, requests });
    requests.push(`${req.method} ${url.pathname}`);
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      // The browser left the page while it was sending (a navigation cuts a beacon short): nothing
      // arrived to record, and an unhandled "aborted" would end the stand-in for the whole suite.
      return;
    }
    if (url.pathname.startsWith("/flags") || url.pathname.startsWith("/decide")) {
      return json(200, {
        featureFlags: flags,
        featureFlagPayloads: {},
        flags: Object.fromEntries(
          Object.entries(flags).map(([key, enabled]) => [
            key,
            { key, enabled, variant: null, reason: {}, metadata: {} },
          ]),
        ),
        errorsWhileComputingFlags: false,
      });
    }
    if (url.pathname.startsWith("/array/")) return json(200, {});
    if (req.method === "POST" && body.length > 0) {
      try {
        for (const item of decodeEvents(body, url, String(req.headers["content-type"] ?? ""))) {
          events.push({
            event: String(item.event),
            distinct_id: (item.distinct_id ??
              (item.properties as Record<string, unknown>)?.distinct_id) as string,
            properties: (item.properties ?? {}) as Record<string, unknown>,
            transport: url.searchParams.get("_beacon") === "1" ? "beacon" : "xhr",
          });
        }
      } catch {
        return json(400, { error: "undecodable" });
      }
      return json(200, { status: 1 });
    }
    return json(200, {});
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
