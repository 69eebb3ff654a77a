// The part of the server's configuration the browser may see (an explicit allow-list): made by
// server/config.ts, handed to every page by the root loader.
export type PublicConfig = {
  apiBaseUrl: string;
  posthogKey: string | null;
  posthogHost: string;
  /** Whether card checkout is offered at all. */
  cardPayments: boolean;
  /** The sandbox takes payments on a real (https) site: every page shows the test-mode ribbon. */
  testMode: boolean;
};
