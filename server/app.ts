// The Hono application: API under /api, the build's assets, and React Router rendering for the rest.
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { errorCodes } from "../contract/errors";
import { accountRoutes } from "./api/privacy/account";
import { subscriptionRoutes } from "./api/billing/subscriptions";
import { adminCheckRoutes, adminUserRoutes } from "./api/accounts/admin";
import { adminAddressLabelRoutes } from "./api/print/admin-address-labels";
import { bodyLimits } from "./api/body-limits";
import { adminDashboardRoutes } from "./api/dashboard/admin-dashboard";
import { adminQrRoutes } from "./api/print/admin-qr";
import { adminBgMaxRoutes } from "./api/invoicing/admin-bgmax";
import { adminCreditorRoutes } from "./api/billing/admin-creditor";
import { adminOrderRoutes, customerOrderRoutes } from "./api/billing/admin-orders";
import { adminProfileRoutes } from "./api/profiles/admin-profiles";
import { authRoutes } from "./api/accounts/auth";
import { checkoutRoutes } from "./api/billing/checkout";
import { adminInvoiceRoutes, customerInvoiceRoutes } from "./api/invoicing/invoices";
import { webhookRoutes } from "./api/billing/webhooks";
import { firstNameRoutes } from "./api/profiles/first-names";
import { imageRoutes, serveUploads } from "./api/profiles/images";
import { clipUploadPath, videoRoutes } from "./api/videos/videos";
import type { ClipConverter } from "./domain/videos";
import { createVideoClips } from "./boot";
import { keepsakeRoutes } from "./api/keepsake/keepsake";
import { pictureRoutes } from "./api/pictures";
import { photoUploadPath } from "./api/pictures/photos";
import { kammareRoutes } from "./api/profiles/kammare";
import { startPageRoutes } from "./api/profiles/start-page";
import { adminPartnerRoutes } from "./api/partners/admin-partners";
import { partnerRoutes, partnerSignupRoutes } from "./api/partners/partners";
import { trialRoutes, verifyEmailRoutes } from "./api/profiles/trials";
import { receiptRoutes } from "./api/billing/receipts";
import { sellerFromConfig } from "./domain/billing";
import { qrcodeEncoder, type QrEncoder } from "./providers/qr";
import { platformRoutes } from "./api/platform/platform";
import { preferenceRoutes } from "./api/accounts/preferences";
import { adminMemoryReportRoutes, ownerMemoryRoutes } from "./api/memories/owners";
import { visitorMemoryRoutes } from "./api/memories/visitors";
import { anniversaryReminderRoutes } from "./api/reminders/routes";
import { familyRoutes, invitationRoutes } from "./api/family/family";
import { pageAccessRoutes, privatePageRoutes, siteFileRoutes } from "./api/private-pages";
import { candleAnnouncer } from "./domain/memories";
import type { BackgroundTasks } from "./background";
import { type Config, termPricesOf } from "./config";
import type { AppServices } from "./context";
import type { DatabaseHandle } from "./db/client";
import type { ApiEnv } from "./http/env";
import { apiViewerMiddleware } from "./http/auth";
import { apiAreas, guardedArea } from "./http/guards";
import { ApiError, DomainError, domainErrorResponse, errorBody, jsonError } from "./http/errors";
import { admittedCalls, createAdmission } from "./http/admission";
import { clientWentAway } from "./http/client-went-away";
import { malformedUrls } from "./http/malformed-urls";
import type { KeptPages } from "./http/kept-pages";
import type { PageCache, RenderWithNonce } from "./http/page-cache";
import { dispatchDomainEvents } from "./effects";
import { compressPage } from "./http/page-compression";
import { referralCookie } from "./http/referral";
import { baseSecurityHeaders, createNonce } from "./http/security";
import { renderPage, type PageHandler } from "./http/render-page";
import type { Logger } from "./logger";
import {
  metricsEndpoint,
  pageRoutePatterns,
  requestMetrics,
  unmatchedRoute,
  type Metrics,
  type PageRoute,
} from "./metrics";
import type { EmailSender } from "./providers/email/types";
import type { ImageStore } from "./providers/images/store";
import { createPaymentProviders, type PaymentProviders } from "./providers/payments";
import { createStripeProvider } from "./providers/payments/stripe";
import { createInvoiceProvider } from "./providers/invoicing";
import type { InvoiceProvider } from "./providers/invoicing/types";

export type { PageHandler };

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  email: EmailSender;
  background: BackgroundTasks;
  /** Where uploaded images are kept (DATA_DIR/uploads, or an object store). */
  images: ImageStore;
  /** Uploaded video clips' conversion; made from the configuration (FFMPEG_PATH) when absent. */
  clips?: ClipConverter;
  /** Draws QR codes; the `qrcode` library unless a test passes another. */
  qr?: QrEncoder;
  /** Rendered `/k/{id}` pages for anonymous viewers; a committed `page.changed` event drops one (ADR 033). */
  pageCache?: PageCache;
  /** Profile pages' data, kept for every viewer's render until the profile changes (ADR 047). */
  keptPages?: KeptPages;
  buildId: string;
  pages: PageHandler;
  /** The card payment providers; made from the configuration (PAYMENT_PROVIDER) when absent. */
  payments?: PaymentProviders;
  /** Where issued invoices go besides the e-mail; from the configuration (INVOICE_PROVIDER) when absent. */
  invoiceProvider?: InvoiceProvider;
  /** Folder of the browser build (assets and public files); absent when Vite serves them in dev. */
  clientDir?: string;
  /** This process's metrics (ADR 028): counted when given, shown at /metrics with METRICS_TOKEN. */
  metrics?: Metrics;
  /** The page table (the build's routes), so the metrics name a page by its pattern ("/k/:id"). */
  pageRoutes?: PageRoute[];
};

/** Uploads whose body the handler streams (to disk, or refuses before reading): never held for a turn. */
function streamedUpload(method: string, path: string): boolean {
  return method === "POST" && (path === clipUploadPath || path === photoUploadPath);
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

export function createApp(deps: AppDeps): Hono<ApiEnv> {
  const { config, logger } = deps;
  // The effects of what the domain records, run after each commit (ADR 033).
  dispatchDomainEvents(deps.database.db, {
    pageCache: deps.pageCache,
    keptPages: deps.keptPages,
    email: deps.email,
    background: deps.background,
    publicUrl: config.publicUrl,
    seller: sellerFromConfig(config),
  });
  // Made at start (server/boot.ts: ffmpeg looked for once); a test may leave it to be made here.
  const clips = deps.clips ?? createVideoClips(deps);
  const services: AppServices = {
    config,
    db: deps.database.db,
    logger,
    buildId: deps.buildId,
    keptPages: deps.keptPages,
    videoUploadsAvailable: clips.uploadsAvailable,
  };
  const securityHeaders = baseSecurityHeaders(config.secure);
  // Renders and API calls take turns, a few at once (ADR 049); cache hits and files need none.
  const admission = createAdmission(
    config.REQUEST_CONCURRENCY ?? (deps.database.kind === "embedded" ? 8 : 16),
  );
  const app = new Hono<ApiEnv>();
  // First, so a request's time is the whole app's; only when this process keeps metrics.
  const { metrics } = deps;
  if (metrics) app.use(requestMetrics(metrics));
  if (metrics && deps.pageCache) metrics.watchPageCache(deps.pageCache);
  metrics?.watchAdmission(admission);
  const pagePattern = deps.pageRoutes ? pageRoutePatterns(deps.pageRoutes) : () => "page";

  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("logger", logger.child({ requestId }));
    const started = performance.now();
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    for (const [name, value] of Object.entries(securityHeaders)) c.res.headers.set(name, value);
    c.get("logger").debug(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return jsonError(c, error);
    if (error instanceof DomainError) return domainErrorResponse(c, error);
    if (clientWentAway(error, c.req.raw)) {
      // The client hung up while sending its body: nothing of ours failed and nobody reads an answer.
      // One debug line, no stack: an error per connection would be a log flood anyone can cause.
      c.get("logger").debug({ path: c.req.path }, "client closed the connection before its body was read");
      return c.body(null, 400);
    }
    c.get("logger").error({ err: error, path: c.req.path }, "unhandled error");
    if (c.req.path.startsWith("/api/")) {
      return c.json(errorBody(errorCodes.internal, "Something went wrong on our side."), 500);
    }
    return c.text("Internal Server Error", 500);
  });

  const api = new Hono<ApiEnv>();
  api.use(malformedUrls());
  api.use(bodyLimits());
  api.use(admittedCalls(admission, streamedUpload));
  api.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
  });
  api.use(apiViewerMiddleware({ db: services.db, config }));
  const { db } = services;
  // Open calls: each answers anyone (or checks the one thing it needs itself: a session to refresh).
  api.route("/", platformRoutes({ ping: deps.database.ping, buildId: deps.buildId }));
  api.route("/auth", authRoutes({ db, config, email: deps.email, background: deps.background }));
  api.route("/auth", verifyEmailRoutes({ db, email: deps.email, publicUrl: config.publicUrl }));
  api.route("/preferences", preferenceRoutes({ secure: config.secure, db }));
  // A visitor's memories, candles and reports: open, each post checked for its Origin and limits.
  api.route(
    "/memories",
    visitorMemoryRoutes({
      db,
      config,
      candles: candleAnnouncer(db),
      images: deps.images,
    }),
  );
  // An invitation to a page read by its link's token: open, the token is the key.
  api.route("/invitation", invitationRoutes({ db }));
  // A private page's door: a visitor's password or an invitation's link (ADR 043); open, the Origin
  // and sign-in's limits checked for a password.
  api.route("/page-access", pageAccessRoutes({ db, config }));
  // Payment providers' webhooks: open, each checked by its provider's signature.
  const payments =
    deps.payments ??
    createPaymentProviders(config, {
      // The configuration refuses PAYMENT_PROVIDER=stripe without both keys.
      stripe: () =>
        createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY ?? "",
          webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? "",
          apiUrl: config.STRIPE_API_URL,
          publicUrl: config.publicUrl,
        }),
    });
  const webhooks = {
    db,
    providers: payments.byName,
    booking: {
      freeTrialDays: config.FREE_TRIAL_DAYS,
      onOutcome: metrics?.payment,
    },
  };
  api.route("/webhooks", webhookRoutes(webhooks));
  const invoicing = {
    db,
    email: deps.email,
    provider: deps.invoiceProvider ?? createInvoiceProvider(config),
    publicUrl: config.publicUrl,
    termPrices: termPricesOf(config),
    logger,
  };
  // The guarded areas (server/http/guards.ts: apiAreas), each behind its one guard. The admin check
  // comes first: any signed-in user may ask it, and its answer ends the request before the admin
  // area's guard would see it.
  // Deleting an account: the pages' images, the card provider's renewals and cached pages go with it.
  const erasure = { db, images: deps.images, payments: payments.card ?? undefined };
  api.route("/admin", guardedArea("signed-in", adminCheckRoutes()));
  api.route(
    "/admin",
    guardedArea(
      apiAreas["/admin"],
      adminUserRoutes({ db, erasure }),
      firstNameRoutes({ db }),
      adminProfileRoutes({ db, config }),
      adminOrderRoutes({ db, publicUrl: config.publicUrl }),
      adminBgMaxRoutes({ db }),
      adminCreditorRoutes({ db }),
      adminInvoiceRoutes(invoicing),
      adminPartnerRoutes({ db }),
      adminAddressLabelRoutes({ db }),
      adminQrRoutes({ db, qr: deps.qr ?? qrcodeEncoder, publicUrl: config.publicUrl }),
      adminDashboardRoutes({ db }),
      adminMemoryReportRoutes({ db }),
    ),
  );
  api.route(
    "/kammare",
    guardedArea(
      apiAreas["/kammare"],
      kammareRoutes({ db, qr: deps.qr ?? qrcodeEncoder, publicUrl: config.publicUrl }),
      imageRoutes({ db, images: deps.images }),
      videoRoutes({ db, images: deps.images, clips }),
      keepsakeRoutes({ db, images: deps.images, email: deps.email, publicUrl: config.publicUrl }),
      pictureRoutes({ db, images: deps.images, photosPerPage: config.PHOTOS_PER_PAGE }),
      startPageRoutes({
        db,
        limit: { max: config.START_PAGE_LIMIT, windowHours: config.START_PAGE_WINDOW_HOURS },
      }),
      trialRoutes({
        db,
        freeTrialDays: config.FREE_TRIAL_DAYS,
        extendedTrialDays: config.EXTENDED_TRIAL_DAYS,
        provider: payments.card,
      }),
      receiptRoutes({ db, seller: sellerFromConfig(config) }),
      ownerMemoryRoutes({ db, images: deps.images }),
      anniversaryReminderRoutes({ db }),
      familyRoutes({ db, provider: payments.card }),
      privatePageRoutes({ db }),
      customerOrderRoutes({ db }),
      customerInvoiceRoutes({ db }),
      accountRoutes(erasure),
      subscriptionRoutes({
        db,
        provider: payments.card,
        // The sandbox's kept cards are charged by us: a past-due customer's new card at once.
        charge: payments.card?.chargeSubscription,
      }),
    ),
  );
  api.route(
    "/checkout",
    guardedArea(
      apiAreas["/checkout"],
      checkoutRoutes({
        db,
        provider: payments.card,
        sandbox: payments.sandbox,
        publicUrl: config.publicUrl,
        webhooks,
        invoicing,
        termPrices: termPricesOf(config),
      }),
    ),
  );
  // Partner sign-up is open (the whitelist decides) and answers before the partner area's guard.
  api.route("/partner", partnerSignupRoutes({ db, config }));
  api.route("/partner", guardedArea(apiAreas["/partner"], partnerRoutes({ db, config })));
  // Every other /api path answers JSON, never a page.
  api.all("*", (c) => {
    c.set("route", unmatchedRoute);
    return c.json(errorBody(errorCodes.notFound, `No API call at ${c.req.method} ${c.req.path}.`), 404);
  });
  app.route("/api", api);
  app.get("/metrics", metricsEndpoint(config.METRICS_TOKEN, metrics));
  app.get("/uploads/*", serveUploads(deps.images));
  // Public resources, not pages: a page's days as a calendar file (/k/{id}/calendar.ics), and what
  // search engines may list (/sitemap.xml, /robots.txt: ADR 043).
  app.route("/", siteFileRoutes({ db, publicUrl: config.publicUrl }));
  // The browser has the whole route manifest (ADR 050); a tab opened before that build still asks
  // for routes here, and is told, as React Router's own answer to another build's tab, to load
  // the page it is going to afresh.
  app.get("/__manifest", (c) => c.body(null, 204, { "X-Remix-Reload-Document": "true" }));

  if (deps.clientDir) {
    const root = deps.clientDir;
    app.use(
      "/assets/*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => {
          // File names carry a content hash, so a cached copy is never stale.
          c.header("Cache-Control", "public, max-age=31536000, immutable");
          c.header("Vary", "Accept-Encoding");
        },
      }),
    );
    app.all("/assets/*", (c) => c.text("Not found", 404));
    const publicFiles = serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
        c.set("route", "static");
      },
    });
    // The build's own names at its top level, read once: looking every page's path up on the disk
    // first (a few stat calls per request) was about 4 % of rendering the sign-in page.
    const topNames = new Set(existsSync(root) ? readdirSync(root) : []);
    app.use("*", (c, next) => {
      const first = c.req.path.split("/")[1] ?? "";
      const mayBeFile = first === "" || first.includes("%") || topNames.has(first);
      return mayBeFile ? publicFiles(c, next) : next();
    });
  }

  // A visit through a partner's referral link (/?ref=…, /k/{id}?ref=…) is remembered in a cookie.
  app.use("*", referralCookie({ db, secure: config.secure }));
  app.all("*", (c) => {
    if (metrics) c.set("route", pagePattern(c.req.path));
    // The render that refills the page cache goes ahead: everyone waiting for that page waits for it.
    const render: RenderWithNonce = (nonce, kept) =>
      admission.admit(() => renderPage(c, deps, services, nonce), { first: kept });
    const page = deps.pageCache ? deps.pageCache.handle(c.req.raw, render) : render(createNonce());
    return page.then((response) => compressPage(c.req.raw, response));
  });
  return app;
}
