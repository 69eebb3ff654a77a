// A local stand-in of the Aptic invoice API as Capway runs it, for tests of the `capway` invoice
// provider: an OAuth2 token endpoint (client credentials in a Basic header, tokens that expire) and
// `PUT /v1/Invoices`, which needs a valid bearer token, checks the body's required fields and upserts
// by `externalReferenceCode` (a second PUT of the same invoice updates it and keeps its id). A test can
// make the next call fail (`answerNext`), hang (`stallNext`) or every token run out (`expireTokens`).
// The body it checks is the mapping of server/providers/invoicing/capway.ts, which is partly a guess at
// Aptic's names: this stand-in holds the adapter to its own shape, not to Aptic's real API.
import { randomUUID, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

const amount = z.number().finite();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What the stand-in requires of an invoice: every field the adapter sends, with its type. */
const invoiceBody = z.object({
  externalReferenceCode: z.string().min(1),
  invoiceNumber: z.string().min(1),
  ocrNumber: z.string().regex(/^\d{2,25}$/),
  invoiceDate: date,
  dueDate: date,
  currencyCode: z.literal("SEK"),
  languageCode: z.enum(["sv", "en"]),
  creditorOrganizationNumber: z.string().min(1),
  customer: z.object({
    name: z.string().min(1),
    email: z.string().pipe(z.email()),
    address: z.object({
      addressLine1: z.string(),
      addressLine2: z.string().nullable(),
      postalCode: z.string().nullable(),
      city: z.string().nullable(),
      countryCode: z.string().length(2),
    }),
  }),
  invoiceRows: z
    .array(
      z.object({
        description: z.string().min(1),
        quantity: z.number().positive(),
        unitPrice: amount,
        vatRate: z.number().min(0).max(100),
        netAmount: amount,
        vatAmount: amount,
      }),
    )
    .min(1),
  netAmount: amount,
  vatAmount: amount,
  totalAmount: amount,
});

export type ApticStoredInvoice = z.infer<typeof invoiceBody> & {
  id: string;
  created: string;
  updated: string;
  /** How many PUTs this invoice has had. */
  revision: number;
};

export type ApticRequest = {
  method: string;
  path: string;
  status: number;
  /** The Authorization header's scheme (Basic, Bearer) or null: never the credentials themselves. */
  authScheme: string | null;
  /** The form (token) or JSON (invoice) body as sent. */
  body: string;
};

export type ApticStandIn = {
  /** e.g. http://127.0.0.1:40123: the provider's apiUrl. */
  url: string;
  /** The token endpoint: the provider's tokenUrl. */
  tokenUrl: string;
  requests: ApticRequest[];
  /** The invoices by externalReferenceCode. */
  invoices: Map<string, ApticStoredInvoice>;
  /** How many tokens the token endpoint has issued. */
  tokensIssued(): number;
  /** The next `times` invoice calls answer this instead of doing anything (before the token check). */
  answerNext(answer: { status: number; body?: unknown }, times?: number): void;
  /** The next invoice call gets no answer at all (until the stand-in closes). */
  stallNext(): void;
  /** Every token issued so far is expired. */
  expireTokens(): void;
  close(): Promise<void>;
};

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export async function startApticStandIn({
  clientId,
  clientSecret,
  tokenLifetimeSeconds = 3600,
}: {
  clientId: string;
  clientSecret: string;
  tokenLifetimeSeconds?: number;
}): Promise<ApticStandIn> {
  const requests: ApticRequest[] = [];
  const invoices = new Map<string, ApticStoredInvoice>();
  // token → when it expires (ms)
  const tokens = new Map<string, number>();
  let issued = 0;
  const scripted: Answer[] = [];
  let stall = false;
  const stalled: ServerResponse[] = [];

  function token(authorization: string | undefined, form: URLSearchParams): Answer {
    // As an OAuth2 server with client_secret_basic (RFC 6749 §2.3.1, §5.2).
    const match = /^Basic (.+)$/.exec(authorization ?? "");
    const [id, secret] = match
      ? Buffer.from(match[1]!, "base64")
          .toString("utf8")
          .split(":")
          .map((part) => decodeURIComponent(part))
      : [];
    if (id !== clientId || secret !== clientSecret) {
      return {
        status: 401,
        headers: { "www-authenticate": 'Basic realm="token"' },
        body: { error: "invalid_client", error_description: "Client authentication failed." },
      };
    }
    if (form.get("grant_type") !== "client_credentials") {
      return { status: 400, body: { error: "unsupported_grant_type" } };
    }
    issued += 1;
    const value = randomBytes(24).toString("base64url");
    tokens.set(value, Date.now() + tokenLifetimeSeconds * 1000);
    return {
      status: 200,
      body: {
        access_token: value,
        token_type: "Bearer",
        expires_in: tokenLifetimeSeconds,
        ...(form.get("scope") ? { scope: form.get("scope") } : {}),
      },
    };
  }

  function putInvoice(authorization: string | undefined, text: string): Answer {
    const bearer = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    if (expires === undefined || expires <= Date.now()) {
      return {
        status: 401,
        headers: { "www-authenticate": 'Bearer error="invalid_token"' },
        body: { title: "Unauthorized" },
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { status: 400, body: { title: "The body is not JSON." } };
    }
    const parsed = invoiceBody.safeParse(json);
    if (!parsed.success) {
      return {
        status: 400,
        body: {
          title: "One or more validation errors occurred.",
          errors: Object.fromEntries(
            parsed.error.issues.map((issue) => [issue.path.join("."), [issue.message]]),
          ),
        },
      };
    }
    const now = new Date().toISOString();
    const existing = invoices.get(parsed.data.externalReferenceCode);
    const stored: ApticStoredInvoice = existing
      ? {
          ...parsed.data,
          id: existing.id,
          created: existing.created,
          updated: now,
          revision: existing.revision + 1,
        }
      : { ...parsed.data, id: randomUUID(), created: now, updated: now, revision: 1 };
    invoices.set(stored.externalReferenceCode, stored);
    return { status: existing ? 200 : 201, body: stored };
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      const path = new URL(request.url ?? "/", "http://stand-in").pathname;
      const authorization = request.headers.authorization;
      const authScheme = authorization?.split(" ")[0] ?? null;
      let answer: Answer;
      if (request.method === "POST" && path === "/connect/token") {
        answer = token(authorization, new URLSearchParams(body));
      } else if (request.method === "PUT" && path === "/v1/Invoices") {
        if (stall) {
          stall = false;
          requests.push({ method: request.method, path, status: 0, authScheme, body });
          stalled.push(response);
          return;
        }
        const next = scripted.shift();
        answer = next ?? putInvoice(authorization, body);
      } else {
        answer = { status: 404, body: { title: "Not Found" } };
      }
      requests.push({ method: request.method ?? "", path, status: answer.status, authScheme, body });
      response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      response.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    tokenUrl: `${url}/connect/token`,
    requests,
    invoices,
    tokensIssued: () => issued,
    answerNext(answer, times = 1) {
      for (let index = 0; index < times; index++) scripted.push({ status: answer.status, body: answer.body });
    },
    stallNext() {
      stall = true;
    },
    expireTokens() {
      for (const value of tokens.keys()) tokens.set(value, 0);
    },
    async close() {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
