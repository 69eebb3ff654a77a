// A local stand-in of the S3 REST API, the part the AWS SDK v3 uses here, path-style addressing only
// (S3_FORCE_PATH_STYLE=on): CreateBucket, HeadBucket, PutObject (with x-amz-meta-* and a SHA-256 it
// checks, as S3 does), GetObject, HeadObject, DeleteObject and ListObjectsV2. Errors are S3's XML.
// Requests must be signed with its access key (the signature itself is not recomputed). Objects are
// kept in memory. For tests it can also go wrong on purpose: `corruptWrites` stores every object with
// a byte changed (and ignores the checksum, as a broken service would), and `holdReads` sends half of
// each object and waits until released.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type StoredObject = { data: Buffer; contentType: string; meta: Record<string, string>; modified: Date };

export type S3StandIn = {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  buckets: Map<string, Map<string, StoredObject>>;
  /** Every request, as "METHOD /bucket/key". */
  requests: string[];
  /** Store each object with its first byte changed, ignoring the checksum sent with it. */
  corruptWrites: boolean;
  /** Send the first half of each object, then wait until `release` is called. */
  holdReads(): { release: () => void };
  close(): Promise<void>;
};

const entities: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
};
const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => entities[c] ?? c);

function sendError(response: ServerResponse, status: number, code: string, message: string, head = false) {
  response.writeHead(status, { "Content-Type": "application/xml" });
  response.end(
    head
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`,
  );
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3StandIn(
  options: { accessKeyId?: string; secretAccessKey?: string; buckets?: string[] } = {},
): Promise<S3StandIn> {
  const accessKeyId = options.accessKeyId ?? "STANDINKEY";
  const secretAccessKey = options.secretAccessKey ?? "stand-in-secret-not-checked";
  const buckets = new Map<string, Map<string, StoredObject>>(
    (options.buckets ?? []).map((name) => [name, new Map()]),
  );
  const requests: string[] = [];
  let held: Promise<void> | null = null;

  const objectHeaders = (object: StoredObject) => ({
    "Content-Type": object.contentType,
    "Content-Length": String(object.data.length),
    ETag: `"${createHash("md5").update(object.data).digest("hex")}"`,
    "Last-Modified": object.modified.toUTCString(),
    ...Object.fromEntries(Object.entries(object.meta).map(([name, value]) => [`x-amz-meta-${name}`, value])),
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const [bucketName = "", ...rest] = url.pathname.slice(1).split("/");
    const key = rest.map((part) => decodeURIComponent(part)).join("/");
    const method = request.method ?? "GET";
    const head = method === "HEAD";
    requests.push(`${method} /${decodeURIComponent(bucketName)}${key ? `/${key}` : ""}`);

    const authorization = request.headers.authorization ?? "";
    if (!authorization.includes(`Credential=${accessKeyId}/`)) {
      await bodyOf(request);
      return sendError(response, 403, "InvalidAccessKeyId", "The access key does not exist.", head);
    }
    const bucket = buckets.get(bucketName);

    if (!key) {
      if (method === "PUT") {
        await bodyOf(request);
        if (!bucket) buckets.set(bucketName, new Map());
        response.writeHead(200).end();
        return;
      }
      if (!bucket) return sendError(response, 404, "NoSuchBucket", "The bucket does not exist.", head);
      if (head) return void response.writeHead(200).end();
      if (method === "GET" && url.searchParams.get("list-type") === "2") {
        const prefix = url.searchParams.get("prefix") ?? "";
        const after = url.searchParams.get("continuation-token") ?? url.searchParams.get("start-after") ?? "";
        const max = Math.min(Number(url.searchParams.get("max-keys") ?? 1000) || 1000, 1000);
        const keys = [...bucket.keys()].filter((name) => name.startsWith(prefix) && name > after).sort();
        const page = keys.slice(0, max);
        const truncated = keys.length > page.length;
        const contents = page
          .map((name) => {
            const object = bucket.get(name)!;
            return `<Contents><Key>${xmlEscape(name)}</Key><LastModified>${object.modified.toISOString()}</LastModified><ETag>&quot;${createHash("md5").update(object.data).digest("hex")}&quot;</ETag><Size>${object.data.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join("");
        response.writeHead(200, { "Content-Type": "application/xml" });
        response.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(bucketName)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`,
        );
        return;
      }
      return sendError(response, 501, "NotImplemented", `${method} on a bucket is not in this stand-in.`);
    }

    if (!bucket) {
      await bodyOf(request);
      return sendError(response, 404, "NoSuchBucket", "The bucket does not exist.", head);
    }
    if (method === "PUT") {
      const data = await bodyOf(request);
      const sent = request.headers["x-amz-checksum-sha256"];
      if (typeof sent === "string" && !stand.corruptWrites) {
        if (createHash("sha256").update(data).digest("base64") !== sent) {
          return sendError(
            response,
            400,
            "BadDigest",
            "The SHA-256 you specified did not match the calculated checksum.",
          );
        }
      }
      const stored = Buffer.from(data);
      if (stand.corruptWrites && stored.length > 0) stored[0] = (stored[0]! + 1) % 256;
      const meta: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.startsWith("x-amz-meta-") && typeof value === "string") meta[name.slice(11)] = value;
      }
      const object = {
        data: stored,
        contentType: request.headers["content-type"] ?? "binary/octet-stream",
        meta,
        modified: new Date(),
      };
      bucket.set(key, object);
      response.writeHead(200, { ETag: objectHeaders(object).ETag });
      response.end();
      return;
    }
    if (method === "DELETE") {
      bucket.delete(key);
      return void response.writeHead(204).end();
    }
    if (method === "GET" || head) {
      const object = bucket.get(key);
      if (!object) return sendError(response, 404, "NoSuchKey", "The specified key does not exist.", head);
      // One byte range, as S3 answers it: 206 with Content-Range, or 416 InvalidRange past the end.
      const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
      if (range && !head && (range[1] || range[2])) {
        const size = object.data.length;
        const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
        if (start >= size || (!range[1] && Number(range[2]) === 0)) {
          return sendError(response, 416, "InvalidRange", "The requested range is not satisfiable");
        }
        const part = object.data.subarray(start, end + 1);
        response.writeHead(206, {
          ...objectHeaders(object),
          "Content-Length": String(part.length),
          "Content-Range": `bytes ${start}-${end}/${size}`,
        });
        return void response.end(part);
      }
      response.writeHead(200, objectHeaders(object));
      if (head) return void response.end();
      if (held) {
        const half = Math.floor(object.data.length / 2);
        response.write(object.data.subarray(0, half));
        await held;
        response.end(object.data.subarray(half));
        return;
      }
      response.end(object.data);
      return;
    }
    return sendError(response, 405, "MethodNotAllowed", `${method} is not allowed.`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, "InternalError", String(error));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const stand: S3StandIn = {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId,
    secretAccessKey,
    buckets,
    requests,
    corruptWrites: false,
    holdReads() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return { release };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return stand;
}
