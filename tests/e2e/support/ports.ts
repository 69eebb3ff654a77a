// Where the end-to-end suite runs the app and the analytics stand-in (loopback only), and who the
// first admin is.
import path from "node:path";

export const appPort = Number(process.env.E2E_PORT ?? 3210);
export const analyticsPort = Number(process.env.E2E_ANALYTICS_PORT ?? 3211);
export const appUrl = `http://localhost:${appPort}`;
export const analyticsUrl = `http://127.0.0.1:${analyticsPort}`;
/** Flags the stand-in reports as on (and one as off) for the feature-flag test. */
export const standInFlags = { "e2e-flag-on": true, "e2e-flag-off": false };

/** The app's DATA_DIR during the suite; its outbox/ holds the e-mails the app sent. */
export const e2eDataDir = path.resolve("test-results/e2e-data");
export const outboxDir = path.join(e2eDataDir, "outbox");

export const admin = { email: "admin@e2e.kammare.test", password: "admin-e2e-password-1" };
