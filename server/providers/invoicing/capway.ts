// The `capway` invoice provider: hands an issued invoice to Capway through the Aptic invoice API, which
// then sends it, reminds and collects.
//
// What is known and what is a guess. Taken as known (the integration as it was described to us, ADR 013): the
// invoice is sent with `PUT {apiUrl}/v1/Invoices`, the API reconciles it by `externalReferenceCode`
// (our invoice id, so a retry updates the same invoice rather than making a second), and a client
// authenticates with OAuth2 client credentials. The body's other field names (`invoiceNumber`, `ocrNumber`, `customer`,
// `invoiceRows`, amounts in kronor as decimal numbers, `vatRate` in percent...) follow Aptic's
// published invoice model as far as we know it and are otherwise our best guess; check them against
// the API documentation Capway hands out with the credentials before turning this on. The mapping sits
// in one function (`apticInvoice`) for that reason.
//
// Authentication: the client id and secret go in an HTTP Basic header to the token endpoint
// (`client_secret_basic`, RFC 6749 §2.3.1, the method every OAuth2 server must accept), never in the
// form body. The token is kept until shortly before its `expires_in` and fetched again once when the
// API answers 401 (revoked or expired early). Neither the secret nor a token ever appears in an error
// message: errors carry the step, the HTTP status and at most the provider's short error text.
import { z } from "zod";
import {
  InvoiceProviderError,
  type InvoiceDelivery,
  type InvoiceProvider,
  type IssuedInvoice,
} from "./types";

export type CapwayOptions = {
  /** The API's base address, without `/v1` (e.g. https://api.example.aptic.net). */
  apiUrl: string;
  /** The OAuth2 token endpoint (a full URL). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The OAuth2 scope to ask for, when the token server wants one. */
  scope?: string;
  /** Node's global fetch unless given (tests). */
  fetch?: typeof fetch;
  /** How long one HTTP call may take before it counts as failed; 10 s unless given. */
  timeoutMs?: number;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
};

export type CapwayInvoiceProvider = Omit<InvoiceProvider, "name" | "deliver"> & {
  name: "capway";
  /** Never null: Capway always answers with its own id for the invoice. */
  deliver(invoice: IssuedInvoice): Promise<InvoiceDelivery>;
};

/** The invoice as the Aptic API takes it (see the note at the top about which names are guesses). */
export type ApticInvoice = {
  externalReferenceCode: string;
  invoiceNumber: string;
  ocrNumber: string;
  invoiceDate: string;
  dueDate: string;
  currencyCode: "SEK";
  languageCode: "sv" | "en";
  creditorOrganizationNumber: string;
  customer: {
    name: string;
    email: string;
    address: {
      addressLine1: string;
      addressLine2: string | null;
      postalCode: string | null;
      city: string | null;
      countryCode: "SE";
    };
  };
  invoiceRows: {
    description: string;
    quantity: number;
    /** Kronor, excluding VAT. */
    unitPrice: number;
    /** Percent. */
    vatRate: number;
    netAmount: number;
    vatAmount: number;
  }[];
  netAmount: number;
  vatAmount: number;
  totalAmount: number;
};

const defaultTimeoutMs = 10_000;
// A token is dropped this long before it expires (or at 10 % of its life, when that is shorter), so a
// call never leaves with a token that runs out on its way.
const expiryMarginMs = 60_000;
// When the token server does not say how long a token lives.
const defaultTokenLifetimeSeconds = 300;

const tokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === "bearer", "must be Bearer"),
  expires_in: z.coerce.number().positive().optional(),
});

const invoiceResponse = z.object({
  id: z.union([z.string().trim().min(1), z.number().int()]).transform(String),
  externalReferenceCode: z.string().optional(),
});

/** The short error text an OAuth2 server or the API answers with, if any (never the whole body). */
const errorBody = z
  .object({
    error: z.string().optional(),
    error_description: z.string().optional(),
    message: z.string().optional(),
    title: z.string().optional(),
  })
  .partial();

/** Öre (integers) to kronor as a decimal number: 12345 → 123.45. */
export function kronor(ore: number): number {
  return Math.round(ore) / 100;
}

/** Maps our issued invoice to Aptic's invoice shape. */
export function apticInvoice(invoice: IssuedInvoice): ApticInvoice {
  const { customer } = invoice;
  // Our address lines end with "postcode city"; Aptic takes postcode and city as fields of their own,
  // so that line is left out of the street lines when it is exactly those two.
  const lines = [...customer.addressLines];
  const postalLine = [customer.postcode, customer.city].filter(Boolean).join(" ");
  if (postalLine && lines.length > 0 && lines[lines.length - 1]!.trim() === postalLine) lines.pop();
  const [first = "", ...rest] = lines;
  return {
    externalReferenceCode: invoice.id,
    invoiceNumber: String(invoice.number),
    ocrNumber: invoice.ocr,
    invoiceDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currencyCode: invoice.currency,
    languageCode: invoice.language === "sv-SE" ? "sv" : "en",
    creditorOrganizationNumber: invoice.creditorOrgNumber,
    customer: {
      name: customer.name,
      email: customer.email,
      address: {
        addressLine1: first,
        addressLine2: rest.length > 0 ? rest.join(", ") : null,
        postalCode: customer.postcode,
        city: customer.city,
        countryCode: "SE",
      },
    },
    invoiceRows: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: kronor(line.unitPriceOre),
      vatRate: line.vatRatePercent,
      netAmount: kronor(line.netOre),
      vatAmount: kronor(line.vatOre),
    })),
    netAmount: kronor(invoice.netOre),
    vatAmount: kronor(invoice.vatOre),
    totalAmount: kronor(invoice.totalOre),
  };
}

type Token = { value: string; renewAt: number };

export function createCapwayProvider(options: CapwayOptions): CapwayInvoiceProvider {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const now = options.now ?? Date.now;
  const invoicesUrl = `${options.apiUrl.replace(/\/+$/, "")}/v1/Invoices`;
  // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined and base64-encoded.
  const basic = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString("base64");

  let token: Token | null = null;
  // Calls that need a token while one is being fetched wait for that one, not fetch their own.
  let pending: Promise<Token> | null = null;

  /** Takes anything secret out of a text the provider answered, in case it echoes it. */
  function scrub(text: string): string {
    let clean = text;
    for (const secret of [options.clientSecret, basic, token?.value]) {
      if (secret) clean = clean.split(secret).join("[redacted]");
    }
    return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
  }

  async function call(step: string, url: string, init: RequestInit): Promise<Response> {
    try {
      // redirect: "error": the credentials are for this address only, never to be carried elsewhere.
      return await doFetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new InvoiceProviderError(
        timedOut
          ? `Capway ${step}: no answer within ${timeoutMs / 1000} s.`
          : `Capway ${step}: could not reach the API (${error instanceof Error ? scrub(error.message) : "network error"}).`,
        null,
      );
    }
  }

  async function refusal(step: string, response: Response): Promise<InvoiceProviderError> {
    let detail = "";
    const text = await response.text().catch(() => "");
    try {
      const body = errorBody.safeParse(JSON.parse(text));
      if (body.success) {
        detail = [body.data.error, body.data.error_description ?? body.data.message ?? body.data.title]
          .filter(Boolean)
          .join(": ");
      }
    } catch {
      // Not JSON: only the status is told.
    }
    return new InvoiceProviderError(
      `Capway ${step} refused with HTTP ${response.status}${detail ? `: ${scrub(detail)}` : ""}.`,
      response.status,
    );
  }

  async function fetchToken(): Promise<Token> {
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (options.scope) form.set("scope", options.scope);
    const response = await call("token request", options.tokenUrl, {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: form.toString(),
    });
    if (!response.ok) throw await refusal("token request", response);
    const parsed = tokenResponse.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      throw new InvoiceProviderError(
        "Capway token request: the answer is not an OAuth2 bearer token.",
        response.status,
      );
    }
    const lifetimeMs = (parsed.data.expires_in ?? defaultTokenLifetimeSeconds) * 1000;
    return {
      value: parsed.data.access_token,
      renewAt: now() + lifetimeMs - Math.min(expiryMarginMs, lifetimeMs / 10),
    };
  }

  async function currentToken(): Promise<Token> {
    if (token && now() < token.renewAt) return token;
    if (!pending) {
      pending = fetchToken().then(
        (fresh) => {
          token = fresh;
          pending = null;
          return fresh;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
    }
    return pending;
  }

  async function put(body: string, bearer: Token): Promise<Response> {
    return call("invoice delivery", invoicesUrl, {
      method: "PUT",
      headers: {
        authorization: `Bearer ${bearer.value}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body,
    });
  }

  return {
    name: "capway",
    async deliver(invoice: IssuedInvoice): Promise<InvoiceDelivery> {
      const body = JSON.stringify(apticInvoice(invoice));
      let bearer = await currentToken();
      let response = await put(body, bearer);
      if (response.status === 401) {
        // The token was revoked or ran out early: one fresh token, one more try.
        await response.body?.cancel();
        if (token === bearer) token = null;
        bearer = await currentToken();
        response = await put(body, bearer);
      }
      if (!response.ok) throw await refusal("invoice delivery", response);
      const parsed = invoiceResponse.safeParse(await response.json().catch(() => null));
      if (!parsed.success) {
        throw new InvoiceProviderError(
          "Capway invoice delivery: the answer has no invoice id.",
          response.status,
        );
      }
      const answered = parsed.data.externalReferenceCode;
      if (answered !== undefined && answered !== invoice.id) {
        // The API would have matched our invoice to another one: never keep that id.
        throw new InvoiceProviderError(
          `Capway invoice delivery: the answer is for invoice ${scrub(answered)}, not ${invoice.id}.`,
          response.status,
        );
      }
      return { providerReference: parsed.data.id };
    },
  };
}
