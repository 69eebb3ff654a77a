// Every setting of the server, read once from the environment and checked with zod at start.
import { z } from "zod";
import type { PublicConfig } from "../contract/public-config";
import { defaultPhotosPerPage } from "../contract/photo-values";
import { startPageDefaults } from "../contract/start-page";
import { defaultTermPrices, type TermPrices } from "../contract/pricing";
import { embeddedSharedBuffersMb } from "./db/client";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const httpUrl = z
  .string()
  .trim()
  .url()
  .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
  .transform((value) => value.replace(/\/+$/, ""));

// An address credentials are sent to: https, or plain http only to this machine (a local stand-in).
const credentialUrl = z
  .string()
  .trim()
  .url()
  .refine(
    (value) =>
      /^https:\/\//.test(value) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(value),
    "must start with https:// (http:// only to localhost)",
  );

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgres:// URL")
        .optional(),
    ),
    API_BASE_URL: optionalText.pipe(
      z
        .string()
        .refine((v) => v.startsWith("/") || /^https?:\/\//.test(v), "must be a path or an http(s) URL")
        .transform((v) => v.replace(/\/+$/, ""))
        .optional(),
    ),
    POSTHOG_KEY: optionalText,
    POSTHOG_HOST: httpUrl.default("https://eu.i.posthog.com"),
    // Outgoing e-mail: SMTP when set (smtp:// or smtps://, credentials in the URL), otherwise each
    // message is written as an .eml file to DATA_DIR/outbox.
    SMTP_URL: z
      .string()
      .trim()
      .refine((v) => /^smtps?:\/\//.test(v), "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default("Kammare <no-reply@localhost>"),
    // The first admin: created at start when no user has this address (see README).
    ADMIN_EMAIL: z.string().trim().pipe(z.email()).optional(),
    ADMIN_PASSWORD: z.string().min(10, "must have at least 10 characters").max(256).optional(),
    // Behind reverse proxies: how many to trust for the client's address in X-Forwarded-For (rate
    // limits, audit), as Express's `trust proxy` counts: `on` is one, a number that many, `off` none.
    TRUST_PROXY: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(on|off|\d{1,2})$/, "must be on, off or how many proxies (1, 2, ...)")
      .default("off")
      .transform((value) => (value === "on" ? 1 : value === "off" ? 0 : Number(value))),
    // The rendered public profile page (/k/{id}) kept in memory for anonymous viewers. `off`: every
    // view renders (for measuring, or to rule the cache out when looking for a fault).
    PAGE_CACHE: z.enum(["on", "off"]).default("on"),
    // A profile page's data kept in memory until the page changes, for the renders the page cache
    // does not serve (ADR 047). `off`: every render reads it from the database.
    PAGE_DATA_CACHE: z.enum(["on", "off"]).default("on"),
    // How many page renders and API calls do their work at once; the others wait their turn (ADR 049).
    // Unset: 8 on the embedded database (its one connection serves one statement at a time), 16 on a server.
    REQUEST_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
    // Test-only pages under /__e2e (a failing loader, a render error, feature flags). Off in production.
    E2E_FIXTURES: z.enum(["on", "off"]).default("off"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // ffmpeg for uploaded video clips (decisions "A life in pictures", Video): its path, else `ffmpeg`
    // on the PATH; ffprobe beside it (or FFPROBE_PATH). Looked for once at start; without it clips are
    // refused and the admin dashboard says video is not set up.
    FFMPEG_PATH: optionalText,
    FFPROBE_PATH: optionalText,
    // Where uploaded images are kept: `disk` (DATA_DIR/uploads, one machine) or `s3` (a bucket every
    // process on every machine reads; needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).
    IMAGE_STORE: z.enum(["disk", "s3"]).default("disk"),
    // The S3 service's address; unset: AWS S3 itself in S3_REGION. The secret key is never sent
    // (requests are signed), so http:// is allowed for a service on a private network.
    S3_ENDPOINT: httpUrl.optional(),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    // `on`: address the bucket as endpoint/bucket/key (MinIO, most S3-compatible services).
    S3_FORCE_PATH_STYLE: z.enum(["on", "off"]).default("off"),
    // A CDN in front of the bucket: /uploads/{key} redirects to this address + key (IMAGE_STORE=s3).
    // https only: the pages' CSP takes images from this site or from https addresses.
    IMAGE_PUBLIC_URL: httpUrl
      .refine(
        (value) => value.startsWith("https://"),
        "must start with https:// (the pages load images only over https)",
      )
      .optional(),
    // The bearer token GET /metrics asks for (Prometheus' text format, ADR 028). Unset: no metrics are
    // kept and /metrics is a 404. A secret: at least 32 characters, never logged.
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .min(32, "must have at least 32 characters")
        .refine((v) => !/\s/.test(v), "must not contain spaces")
        .optional(),
    ),
    // Card payments: the built-in offline `sandbox` or `stripe` (needs both Stripe keys). Unset: the
    // sandbox while PUBLIC_URL is not https, no card payments on an https site (decisions: test
    // payments never by accident).
    PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).optional(),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    // Where the Stripe client sends its calls; only for tests against a local stand-in of the API.
    STRIPE_API_URL: httpUrl.optional(),
    // Signs the sandbox's webhooks; every process of one site must share it. Unset: a random secret
    // made at start, fine for one process.
    SANDBOX_WEBHOOK_SECRET: optionalText.pipe(
      z.string().min(16, "must have at least 16 characters").optional(),
    ),
    // Issued invoices: kept in our own books only (`none`, default), or also handed to Capway through
    // the Aptic invoice API (`capway`, needs the four CAPWAY_* settings below; CAPWAY_SCOPE optional).
    INVOICE_PROVIDER: z.enum(["none", "capway"]).default("none"),
    // The API's base address (without /v1) and the OAuth2 token endpoint, as Capway gives them.
    CAPWAY_API_URL: credentialUrl.transform((value) => value.replace(/\/+$/, "")).optional(),
    CAPWAY_TOKEN_URL: credentialUrl.optional(),
    CAPWAY_CLIENT_ID: optionalText,
    CAPWAY_CLIENT_SECRET: optionalText,
    CAPWAY_SCOPE: optionalText,
    // Pages a family starts themselves (POST /api/kammare/start): at most this many per account in a
    // window of this many hours (counted in the rate-limit table), so an account is no source of spam.
    START_PAGE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(startPageDefaults.max),
    START_PAGE_WINDOW_HOURS: z.coerce.number().int().min(1).max(168).default(startPageDefaults.windowHours),
    // The most photos a page's albums hold (decisions "A life in pictures"); more is `photos.page-full`.
    PHOTOS_PER_PAGE: z.coerce.number().int().min(1).max(100_000).default(defaultPhotosPerPage),
    // The lifecycle's limits (decisions "Trials and payment"), in days.
    FREE_TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    EXTENDED_TRIAL_DAYS: z.coerce.number().int().min(1).max(730).default(90),
    // Prepaid terms' prices in öre, VAT included (decisions "A page that lasts as long as the grave").
    TERM_10_PRICE_ORE: z.coerce.number().int().min(100).max(100_000_000).default(defaultTermPrices.term10),
    TERM_25_PRICE_ORE: z.coerce.number().int().min(100).max(100_000_000).default(defaultTermPrices.term25),
    // A failed card payment or an overdue invoice: past_due this long, then expired.
    GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
    // How often the lifecycle sweep runs (one process at a time).
    LIFECYCLE_EVERY_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
    // Retention: how long the sweep keeps what is no longer needed. The privacy page states
    // these same values. Ended sessions (expired or signed out), in days after they ended:
    RETENTION_SESSION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    // Password reset and e-mail verification links, in days after they expired or were used.
    RETENTION_LINK_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
    // Rate-limit counters, in hours after their window started (no shorter than the longest window: the
    // start limit's, START_PAGE_WINDOW_HOURS).
    RETENTION_RATE_LIMIT_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
    // Copies of sent e-mails in DATA_DIR/outbox (the built-in e-mail provider), in days.
    RETENTION_OUTBOX_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    // Security log entries (sign-ins, password changes, admin actions), in days.
    RETENTION_AUDIT_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
    // Images no page shows any more, in days after they were uploaded (an owner may still be editing).
    RETENTION_UNUSED_IMAGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // How often the retention sweep runs (one process at a time), in minutes.
    RETENTION_SWEEP_EVERY_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    // The embedded database's page cache in MB (PostgreSQL's shared_buffers); resident from the start.
    EMBEDDED_SHARED_BUFFERS_MB: z.coerce.number().int().min(16).max(4096).default(embeddedSharedBuffersMb),
    // How often the embedded database is vacuumed (it has no autovacuum), in hours.
    VACUUM_EVERY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    // Backups (`npm run backup`, ADR 030): the folder the archives go to (default DATA_DIR/backups), how
    // often the running site takes one itself (unset: only when asked), and how many scheduled ones
    // it keeps (the oldest beyond that are removed).
    BACKUP_DIR: optionalText,
    BACKUP_EVERY_HOURS: z.coerce.number().int().min(1).max(8760).optional(),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    // The seller printed on every receipt (Swedish bookkeeping: name, organisation and VAT numbers,
    // address). The defaults are placeholders: set the company's real details in production.
    SELLER_NAME: z.string().trim().min(1).default("Kammare AB"),
    SELLER_ORG_NUMBER: z.string().trim().min(1).default("559000-0000"),
    SELLER_VAT_NUMBER: z.string().trim().min(1).default("SE559000000001"),
    SELLER_ADDRESS: z.string().trim().min(1).default("Box 000, 111 00 Stockholm"),
    SELLER_EMAIL: z.string().trim().pipe(z.email()).default("kvitto@kammare.se"),
    // Whom an owner writes to about their page (a suspended page names it); the seller's when unset.
    SUPPORT_EMAIL: z.string().trim().pipe(z.email()).optional(),
  })
  // The counters of the start limit must outlive its window, or the sweep would reset it early.
  .refine((values) => values.RETENTION_RATE_LIMIT_HOURS >= values.START_PAGE_WINDOW_HOURS, {
    path: ["RETENTION_RATE_LIMIT_HOURS"],
    message: "must be at least START_PAGE_WINDOW_HOURS",
  })
  .refine((values) => !values.ADMIN_EMAIL === !values.ADMIN_PASSWORD, {
    path: ["ADMIN_PASSWORD"],
    message: "ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither",
  })
  .refine(
    (values) =>
      values.PAYMENT_PROVIDER !== "stripe" || (!!values.STRIPE_SECRET_KEY && !!values.STRIPE_WEBHOOK_SECRET),
    {
      path: ["STRIPE_SECRET_KEY"],
      message: "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    },
  )
  .superRefine((values, context) => {
    // One issue per missing setting, as for Capway below; the values themselves are never repeated.
    if (values.IMAGE_STORE === "s3") {
      for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!values[key]) {
          context.addIssue({ code: "custom", path: [key], message: "is needed when IMAGE_STORE=s3" });
        }
      }
    } else if (values.IMAGE_PUBLIC_URL) {
      context.addIssue({
        code: "custom",
        path: ["IMAGE_PUBLIC_URL"],
        message: "is for a CDN in front of the bucket: it needs IMAGE_STORE=s3",
      });
    }
  })
  .superRefine((values, context) => {
    if (values.INVOICE_PROVIDER !== "capway") return;
    // One issue per missing setting, so the message names each one the operator still has to set.
    for (const key of [
      "CAPWAY_API_URL",
      "CAPWAY_TOKEN_URL",
      "CAPWAY_CLIENT_ID",
      "CAPWAY_CLIENT_SECRET",
    ] as const) {
      if (!values[key]) {
        context.addIssue({
          code: "custom",
          path: [key],
          message: "is needed when INVOICE_PROVIDER=capway",
        });
      }
    }
  });

export type Config = Omit<z.infer<typeof configSchema>, "PAYMENT_PROVIDER"> & {
  /**
   * Who takes card payments: PAYMENT_PROVIDER when named; unset, the sandbox on a site that is not
   * https and `none` (card payments not offered) on an https one.
   */
  PAYMENT_PROVIDER: "sandbox" | "stripe" | "none";
  /** The sandbox takes payments on an https site (a staging site): every page shows a test-mode ribbon. */
  paymentTestMode: boolean;
  /** Where the site is reached from outside; defaults to http://localhost:{PORT}. */
  publicUrl: string;
  /** Whether the public address is https, which turns on HSTS and Secure cookies. */
  secure: boolean;
  /**
   * The origins a browser on the site sends: PUBLIC_URL's, never one made from a request's Host
   * header. Without PUBLIC_URL, the machine's own loopback names at PORT.
   */
  trustedOrigins: string[];
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; a wrong value throws a ConfigError naming the setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`PORT=` in an env file) means "not set", never port 0 or an empty path.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const values = parsed.data;
  const publicUrl = values.PUBLIC_URL ?? `http://localhost:${values.PORT}`;
  const trustedOrigins = values.PUBLIC_URL
    ? [new URL(values.PUBLIC_URL).origin]
    : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${values.PORT}`);
  const secure = publicUrl.startsWith("https://");
  const payments = values.PAYMENT_PROVIDER ?? (secure ? "none" : "sandbox");
  return {
    ...values,
    PAYMENT_PROVIDER: payments,
    paymentTestMode: secure && payments === "sandbox",
    publicUrl,
    secure,
    trustedOrigins,
  };
}

/** The part of the configuration the browser may see (contract/public-config.ts). */
export function publicConfig(config: Config): PublicConfig {
  return {
    apiBaseUrl: config.API_BASE_URL ?? "",
    posthogKey: config.POSTHOG_KEY ?? null,
    posthogHost: config.POSTHOG_HOST,
    cardPayments: config.PAYMENT_PROVIDER !== "none",
    testMode: config.paymentTestMode,
  };
}

/** The prepaid terms' prices as configured (TERM_10_PRICE_ORE, TERM_25_PRICE_ORE). */
export function termPricesOf(config: Pick<Config, "TERM_10_PRICE_ORE" | "TERM_25_PRICE_ORE">): TermPrices {
  return { term10: config.TERM_10_PRICE_ORE, term25: config.TERM_25_PRICE_ORE };
}
