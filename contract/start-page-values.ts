// A page a family starts themselves: the plain values the browser's sign-in, sign-up and welcome
// screens need, without the call's schemas (contract/start-page.ts), so those screens load no zod.

/** The query of /new that says the account is made to start a page at once (`/new?start=page`). */
export const startPageQuery = { name: "start", value: "page" } as const;

/** How many pages one account may start in a window (the defaults of START_PAGE_LIMIT and _WINDOW_HOURS). */
export const startPageDefaults = { max: 10, windowHours: 24 } as const;
