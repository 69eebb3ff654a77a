// Where the end-to-end suite runs the app and the analytics stand-in (loopback only).
export const appPort = Number(process.env.E2E_PORT ?? 3210);
export const analyticsPort = Number(process.env.E2E_ANALYTICS_PORT ?? 3211);
export const appUrl = `http://localhost:${appPort}`;
export const analyticsUrl = `http://127.0.0.1:${analyticsPort}`;
/** Flags the stand-in reports as on (and one as off) for the feature-flag test. */
export const standInFlags = { "e2e-flag-on": true, "e2e-flag-off": false };
