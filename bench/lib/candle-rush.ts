// Candles lit in a rush (ADR 026): 50 connections post candles to one page, each from an address of
// its own (the app trusts X-Forwarded-For here, as behind a proxy), and the page's count afterwards
// must equal the candles the app acknowledged (204): none lost, none counted twice. A fixed number of
// posts rather than a fixed time: a run cut off by the clock leaves answers in flight, lit but unseen.
import autocannon from "autocannon";

export type CandleRush = {
  seconds: number;
  connections: number;
  /** Answered 204: lit. */
  acknowledged: number;
  /** Answered otherwise (a limit, an error) or not at all. */
  refused: number;
  /** How much the page's count grew. */
  counted: number;
  passed: boolean;
};

type Listing = { candles: { count: number }; formToken: string };

async function listing(appUrl: string, profileId: string): Promise<Listing> {
  const response = await fetch(`${appUrl}/api/memories?profileId=${profileId}`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) throw new Error(`GET /api/memories answered ${response.status}`);
  return (await response.json()) as Listing;
}

export async function candleRush(
  appUrl: string,
  profileId: string,
  { connections, requests }: { connections: number; requests: number },
): Promise<CandleRush> {
  const before = await listing(appUrl, profileId);
  // A form younger than three seconds is a robot's (contract/memories.ts).
  await new Promise((resolve) => setTimeout(resolve, 3_200));
  let visitor = 0;
  const result = await autocannon({
    url: `${appUrl}/api/memories/candles`,
    connections,
    amount: requests,
    timeout: 20,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          visitor += 1;
          const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
          return {
            ...request,
            headers: {
              ...request.headers,
              "content-type": "application/json",
              origin: appUrl,
              "x-forwarded-for": address,
            },
            body: JSON.stringify({
              profileId,
              name: `Visitor ${visitor}`,
              website: "",
              formToken: before.formToken,
            }),
          };
        },
      },
    ],
  });
  // The call answers 204 and nothing else of 2xx.
  const acknowledged = result["2xx"];
  const sent = result.requests.sent;
  const after = await listing(appUrl, profileId);
  const counted = after.candles.count - before.candles.count;
  return {
    seconds: result.duration,
    connections,
    acknowledged,
    refused: Math.max(0, sent - acknowledged),
    counted,
    passed: acknowledged > 0 && counted === acknowledged,
  };
}
