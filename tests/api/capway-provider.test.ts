// The `capway` invoice provider against a local stand-in of the Aptic invoice API: an issued invoice
// arrives with the right amounts, OCR, rows and VAT; sending it again updates the same invoice; the
// OAuth2 token is reused, renewed before it runs out and fetched again once on a 401; a refusal or a
// silent API becomes an InvoiceProviderError that never carries the secret. And the configuration: off
// by default, and `capway` only with its four settings.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createCapwayProvider } from "../../server/providers/invoicing/capway";
import { createInvoiceProvider } from "../../server/providers/invoicing/index";
import {
  InvoiceProviderError,
  noInvoiceProvider,
  type IssuedInvoice,
} from "../../server/providers/invoicing/types";
import { startApticStandIn, type ApticStandIn } from "../support/aptic-stand-in";

const clientId = "kammare-test-client";
const clientSecret = "s3cret-Capway:client/secret+value";

let standIn: ApticStandIn;

beforeAll(async () => {
  standIn = await startApticStandIn({ clientId, clientSecret });
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.requests.length = 0;
});

function provider(overrides: Partial<Parameters<typeof createCapwayProvider>[0]> = {}) {
  return createCapwayProvider({
    apiUrl: standIn.url,
    tokenUrl: standIn.tokenUrl,
    clientId,
    clientSecret,
    ...overrides,
  });
}

let sequence = 1041;
function issuedInvoice(overrides: Partial<IssuedInvoice> = {}): IssuedInvoice {
  sequence += 1;
  return {
    id: crypto.randomUUID(),
    number: sequence,
    ocr: "104265",
    issueDate: "2026-03-01",
    dueDate: "2026-03-31",
    currency: "SEK",
    language: "sv-SE",
    customer: {
      name: "Anna Andersson",
      addressLines: ["Storgatan 1", "Lgh 1102", "111 22 Stockholm"],
      postcode: "111 22",
      city: "Stockholm",
      email: "anna@example.com",
    },
    lines: [
      {
        description: "Kammare 7KX2M9Q0, 2026-03-01–2027-02-28",
        quantity: 1,
        unitPriceOre: 47_200,
        vatRatePercent: 25,
        netOre: 47_200,
        vatOre: 11_800,
      },
      {
        description: "Plaque",
        quantity: 2.5,
        unitPriceOre: 12_345,
        vatRatePercent: 25,
        netOre: 30_863,
        vatOre: 7_716,
      },
    ],
    netOre: 78_063,
    vatOre: 19_516,
    totalOre: 97_579,
    creditorOrgNumber: "559000-0000",
    ...overrides,
  };
}

function invoiceCalls() {
  return standIn.requests.filter((request) => request.path === "/v1/Invoices");
}

async function refusal(promise: Promise<unknown>): Promise<InvoiceProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvoiceProviderError);
  return error as InvoiceProviderError;
}

describe("the capway provider", () => {
  it("delivers an issued invoice: kronor, OCR, rows, VAT and the customer as Aptic takes them", async () => {
    const invoice = issuedInvoice();
    const delivery = await provider().deliver(invoice);

    const stored = standIn.invoices.get(invoice.id);
    expect(stored).toBeDefined();
    expect(delivery).toEqual({ providerReference: stored!.id });
    expect(stored).toMatchObject({
      externalReferenceCode: invoice.id,
      invoiceNumber: String(invoice.number),
      ocrNumber: "104265",
      invoiceDate: "2026-03-01",
      dueDate: "2026-03-31",
      currencyCode: "SEK",
      languageCode: "sv",
      creditorOrganizationNumber: "559000-0000",
      customer: {
        name: "Anna Andersson",
        email: "anna@example.com",
        address: {
          addressLine1: "Storgatan 1",
          addressLine2: "Lgh 1102",
          postalCode: "111 22",
          city: "Stockholm",
          countryCode: "SE",
        },
      },
      netAmount: 780.63,
      vatAmount: 195.16,
      totalAmount: 975.79,
    });
    expect(stored!.invoiceRows).toEqual([
      {
        description: "Kammare 7KX2M9Q0, 2026-03-01–2027-02-28",
        quantity: 1,
        unitPrice: 472,
        vatRate: 25,
        netAmount: 472,
        vatAmount: 118,
      },
      {
        description: "Plaque",
        quantity: 2.5,
        unitPrice: 123.45,
        vatRate: 25,
        netAmount: 308.63,
        vatAmount: 77.16,
      },
    ]);
    // Amounts travel as decimal kronor in the JSON itself, not as öre or strings.
    const sent = invoiceCalls()[0]!.body;
    expect(sent).toContain('"unitPrice":123.45');
    expect(sent).toContain('"totalAmount":975.79');
  });

  it("an English customer's invoice is marked English; an address without a postal line keeps its lines", async () => {
    const invoice = issuedInvoice({
      language: "en-US",
      customer: {
        name: "Bo Berg",
        addressLines: ["c/o Eriksson", "Box 12"],
        postcode: null,
        city: null,
        email: "bo@example.com",
      },
    });
    await provider().deliver(invoice);
    expect(standIn.invoices.get(invoice.id)).toMatchObject({
      languageCode: "en",
      customer: {
        address: { addressLine1: "c/o Eriksson", addressLine2: "Box 12", postalCode: null, city: null },
      },
    });
  });

  it("sending the same invoice again updates it at Capway, never makes a second one", async () => {
    const capway = provider();
    const invoice = issuedInvoice();
    const first = await capway.deliver(invoice);
    const countBefore = standIn.invoices.size;

    const second = await capway.deliver({ ...invoice, dueDate: "2026-04-15" });

    expect(second).toEqual(first);
    expect(standIn.invoices.size).toBe(countBefore);
    expect(standIn.invoices.get(invoice.id)).toMatchObject({ dueDate: "2026-04-15", revision: 2 });
    expect(invoiceCalls().map((call) => [call.method, call.status])).toEqual([
      ["PUT", 201],
      ["PUT", 200],
    ]);
  });

  it("fetches one token with the client credentials in a Basic header and reuses it across calls", async () => {
    const capway = provider();
    const tokensBefore = standIn.tokensIssued();
    await Promise.all([capway.deliver(issuedInvoice()), capway.deliver(issuedInvoice())]);
    await capway.deliver(issuedInvoice());

    expect(standIn.tokensIssued() - tokensBefore).toBe(1);
    const tokenCalls = standIn.requests.filter((request) => request.path === "/connect/token");
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]).toMatchObject({ method: "POST", authScheme: "Basic", status: 200 });
    // The secret travels in the header only, never in the form body.
    expect(tokenCalls[0]!.body).toBe("grant_type=client_credentials");
    expect(invoiceCalls().every((call) => call.authScheme === "Bearer")).toBe(true);
  });

  it("asks for the configured scope", async () => {
    await provider({ scope: "invoices.write" }).deliver(issuedInvoice());
    const tokenCall = standIn.requests.find((request) => request.path === "/connect/token");
    expect(new URLSearchParams(tokenCall!.body).get("scope")).toBe("invoices.write");
  });

  it("renews the token shortly before it expires, without waiting for a 401", async () => {
    let clock = Date.now();
    const capway = provider({ now: () => clock });
    await capway.deliver(issuedInvoice());
    const tokensBefore = standIn.tokensIssued();

    // The stand-in's tokens live an hour; a minute before that, the provider takes a new one.
    clock += 3_590_000;
    await capway.deliver(issuedInvoice());

    expect(standIn.tokensIssued() - tokensBefore).toBe(1);
    expect(invoiceCalls().map((call) => call.status)).toEqual([201, 201]);
  });

  it("an expired token is refreshed once and the invoice still goes through", async () => {
    const capway = provider();
    await capway.deliver(issuedInvoice());
    const tokensBefore = standIn.tokensIssued();
    standIn.expireTokens();
    standIn.requests.length = 0;

    const invoice = issuedInvoice();
    const delivery = await capway.deliver(invoice);

    expect(delivery.providerReference).toBe(standIn.invoices.get(invoice.id)!.id);
    expect(standIn.tokensIssued() - tokensBefore).toBe(1);
    expect(standIn.requests.map((request) => [request.path, request.status])).toEqual([
      ["/v1/Invoices", 401],
      ["/connect/token", 200],
      ["/v1/Invoices", 201],
    ]);
  });

  it("refreshes only once: a second 401 is an InvoiceProviderError with status 401", async () => {
    const capway = provider();
    await capway.deliver(issuedInvoice());
    const tokensBefore = standIn.tokensIssued();
    standIn.answerNext({ status: 401, body: { title: "Unauthorized" } }, 2);

    const error = await refusal(capway.deliver(issuedInvoice()));

    expect(error.status).toBe(401);
    expect(standIn.tokensIssued() - tokensBefore).toBe(1);
    expect(invoiceCalls()).toHaveLength(3);
  });

  it("wrong credentials: InvoiceProviderError 401 whose message has neither secret nor header", async () => {
    const wrongSecret = "wrong-Secret-that-must-not-leak";
    const invoice = issuedInvoice();
    const error = await refusal(provider({ clientSecret: wrongSecret }).deliver(invoice));

    expect(error.status).toBe(401);
    expect(error.message).toContain("invalid_client");
    const basic = Buffer.from(`${clientId}:${encodeURIComponent(wrongSecret)}`).toString("base64");
    for (const secret of [wrongSecret, clientSecret, basic]) {
      expect(error.message).not.toContain(secret);
      expect(String(error.stack)).not.toContain(secret);
    }
    expect(standIn.invoices.has(invoice.id)).toBe(false);
    expect(invoiceCalls()).toHaveLength(0);
  });

  it("a 500 from the API is an InvoiceProviderError with status 500, and the next delivery works", async () => {
    const capway = provider();
    const invoice = issuedInvoice();
    standIn.answerNext({ status: 500, body: { title: "Internal Server Error" } });

    const error = await refusal(capway.deliver(invoice));
    expect(error.status).toBe(500);
    expect(error.message).toContain("500");
    expect(standIn.invoices.has(invoice.id)).toBe(false);

    const delivery = await capway.deliver(invoice);
    expect(delivery).toEqual({ providerReference: standIn.invoices.get(invoice.id)!.id });
  });

  it("a body the API refuses (400) is an InvoiceProviderError with status 400", async () => {
    const error = await refusal(provider().deliver(issuedInvoice({ ocr: "not digits" })));
    expect(error.status).toBe(400);
  });

  it("an answer without an invoice id, or for another invoice, is not taken as delivered", async () => {
    const capway = provider();
    standIn.answerNext({ status: 200, body: { ok: true } });
    expect((await refusal(capway.deliver(issuedInvoice()))).message).toMatch(/no invoice id/);

    standIn.answerNext({ status: 200, body: { id: "42", externalReferenceCode: "someone-else" } });
    expect((await refusal(capway.deliver(issuedInvoice()))).message).toMatch(/someone-else/);
  });

  it("an API that does not answer is an InvoiceProviderError without status after the timeout", async () => {
    const capway = provider({ timeoutMs: 300 });
    await capway.deliver(issuedInvoice());
    standIn.stallNext();
    const error = await refusal(capway.deliver(issuedInvoice()));
    expect(error.status).toBeNull();
    expect(error.message).toMatch(/no answer within 0.3 s/);
  });

  it("an unreachable token server is an InvoiceProviderError without status", async () => {
    const error = await refusal(
      provider({ tokenUrl: "http://127.0.0.1:1/connect/token" }).deliver(issuedInvoice()),
    );
    expect(error.status).toBeNull();
    expect(error.message).not.toContain(clientSecret);
  });
});

describe("choosing the invoice provider", () => {
  const capwayEnv = {
    INVOICE_PROVIDER: "capway",
    CAPWAY_API_URL: "https://api.capway.example/",
    CAPWAY_TOKEN_URL: "https://auth.capway.example/connect/token",
    CAPWAY_CLIENT_ID: "kammare",
    CAPWAY_CLIENT_SECRET: "secret",
  };

  it("is off by default: invoices stay in our own books", async () => {
    const config = loadConfig({});
    expect(config.INVOICE_PROVIDER).toBe("none");
    const chosen = createInvoiceProvider(config);
    expect(chosen).toBe(noInvoiceProvider);
    await expect(chosen.deliver(issuedInvoice())).resolves.toBeNull();
  });

  it("capway with its four settings makes the capway provider (scope optional)", () => {
    const config = loadConfig(capwayEnv);
    expect(config.CAPWAY_API_URL).toBe("https://api.capway.example");
    expect(config.CAPWAY_SCOPE).toBeUndefined();
    expect(createInvoiceProvider(config).name).toBe("capway");
    expect(loadConfig({ ...capwayEnv, CAPWAY_SCOPE: "invoices" }).CAPWAY_SCOPE).toBe("invoices");
  });

  it("capway without one of its settings stops the start, naming the missing one", () => {
    for (const key of ["CAPWAY_API_URL", "CAPWAY_TOKEN_URL", "CAPWAY_CLIENT_ID", "CAPWAY_CLIENT_SECRET"]) {
      expect(() => loadConfig({ ...capwayEnv, [key]: "" })).toThrow(
        new RegExp(`${key}: is needed when INVOICE_PROVIDER=capway`),
      );
    }
    expect(() => loadConfig({ INVOICE_PROVIDER: "fortnox" })).toThrow(/INVOICE_PROVIDER/);
  });

  it("credentials go over https only, or plain http to this machine (a stand-in)", () => {
    expect(() => loadConfig({ ...capwayEnv, CAPWAY_TOKEN_URL: "http://auth.capway.example/token" })).toThrow(
      /CAPWAY_TOKEN_URL: must start with https:\/\//,
    );
    expect(loadConfig({ ...capwayEnv, CAPWAY_API_URL: standIn.url }).CAPWAY_API_URL).toBe(standIn.url);
  });

  it("the chosen capway provider delivers through the configured addresses", async () => {
    const chosen = createInvoiceProvider(
      loadConfig({
        ...capwayEnv,
        CAPWAY_API_URL: standIn.url,
        CAPWAY_TOKEN_URL: standIn.tokenUrl,
        CAPWAY_CLIENT_ID: clientId,
        CAPWAY_CLIENT_SECRET: clientSecret,
      }),
    );
    const invoice = issuedInvoice();
    const delivery = await chosen.deliver(invoice);
    expect(delivery).toEqual({ providerReference: standIn.invoices.get(invoice.id)!.id });
  });
});
