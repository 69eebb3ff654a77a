// Accounts for the API tests: calling the API as a browser or a client would, signing up and in
// through the API (every secret kept, to look for in the log), making admins, ending sessions directly
// in the database (expired, revoked), and the table of malformed payloads every call with a body is
// checked against.
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { sessionSchema, type Role, type Session } from "../../contract/auth";
import { apiErrorSchema, type ApiErrorBody } from "../../contract/errors";
import type { Database } from "../../server/db/client";
import { sessions, users } from "../../server/db/schema";
import type { createTestApp, LogLine } from "./test-app";

export type TestApp = ReturnType<typeof createTestApp>["app"];

/** The test app's public address (PUBLIC_URL), the Origin a browser on the site sends. */
export const siteOrigin = "http://localhost:3000";
export const foreignOrigin = "https://evil.example";
export const sessionCookieName = "kammare_session";

export type CallOptions = {
  method?: string;
  /** Sent as `Authorization: Bearer …`. */
  bearer?: string;
  /** Sent as the session cookie. */
  cookie?: string;
  origin?: string;
  /** Serialized as the JSON body. */
  json?: unknown;
  /** A raw body, for malformed JSON. */
  body?: string;
  headers?: Record<string, string>;
};

/** One API request; POST when there is a body and no method is given, GET otherwise. */
export async function call(app: TestApp, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const body = options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (options.bearer !== undefined) headers.Authorization = `Bearer ${options.bearer}`;
  if (options.cookie !== undefined) headers.Cookie = `${sessionCookieName}=${options.cookie}`;
  if (options.origin !== undefined) headers.Origin = options.origin;
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  return app.request(path, { method, headers, body });
}

/** Checks a failure answer: status, JSON in exactly the error shape, code and (if given) field. */
export async function expectError(
  response: Response,
  status: number,
  code: string,
  field?: string,
): Promise<ApiErrorBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const raw: unknown = await response.json();
  expect(Object.keys(raw as object)).toEqual(["error"]);
  const body = apiErrorSchema.parse(raw);
  expect(body.error.code).toBe(code);
  expect(body.error.message).not.toBe("");
  if (field !== undefined) {
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
    expect(body.error.fields?.[field]).toBeTruthy();
  }
  return body;
}

/** The successful sign-in / sign-up answer: exactly { success: true, session }. */
export async function expectSession(response: Response, status = 200): Promise<Session> {
  expect(response.status).toBe(status);
  const raw = (await response.json()) as { success?: unknown; session?: unknown };
  expect(Object.keys(raw).sort()).toEqual(["session", "success"]);
  expect(raw.success).toBe(true);
  expect(Object.keys(raw.session as object).sort()).toEqual(["access_token", "expires_at", "user"]);
  const session = sessionSchema.parse(raw.session);
  expect(Object.keys(session.user).sort()).toEqual(["email", "id"]);
  return session;
}

/** The value of the session cookie a response sets, with its attributes; undefined if it sets none. */
export function sessionCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${sessionCookieName}=`));
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Rate limits count in fixed windows (one minute for sign-in, one hour for reset e-mails); a test that
 * must land every attempt in one window waits for the next one when the current one is about to end.
 */
export async function awayFromWindowEdge(windowSeconds = 60, marginMs = 8_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const intoWindow = Date.now() % windowMs;
  if (intoWindow > windowMs - marginMs) await sleep(windowMs - intoWindow + 100);
}

/**
 * The ratio of the median durations of two operations, each timed `runs` times, interleaved. The
 * machine may be busy with other work, so a ratio outside [low, high] is measured again, up to
 * `rounds` times: a real difference shows every time, a busy moment does not.
 */
export async function medianRatio(
  first: () => Promise<number>,
  second: () => Promise<number>,
  { runs = 5, rounds = 3, low = 0.5, high = 2 } = {},
): Promise<number> {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  let ratio = Number.NaN;
  for (let round = 0; round < rounds; round++) {
    const a: number[] = [];
    const b: number[] = [];
    for (let run = 0; run < runs; run++) {
      a.push(await first());
      b.push(await second());
    }
    ratio = median(a) / median(b);
    if (ratio > low && ratio < high) return ratio;
  }
  return ratio;
}

export type Account = {
  id: string;
  email: string;
  password: string;
  /** The access token of the session sign-up started. */
  token: string;
  session: Session;
};

/** Signs users up and in through the API, and remembers every secret used so the logs can be checked. */
export class Accounts {
  /** Every password and token the tests used; none may ever appear in a log line. */
  readonly secrets = new Set<string>();
  private count = 0;

  constructor(
    private readonly app: TestApp,
    private readonly db: Database,
  ) {}

  /** A fresh address, unique within the database. */
  email(prefix = "user"): string {
    this.count += 1;
    return `${prefix}-${this.count}-${randomBytes(3).toString("hex")}@example.com`;
  }

  /** A fresh, valid password. */
  password(): string {
    return this.secret(`pw-${randomBytes(12).toString("base64url")}`);
  }

  /** Records a secret (password or token) so the log check can look for it. */
  secret(value: string): string {
    this.secrets.add(value);
    return value;
  }

  /**
   * The log check: no secret recorded so far stands in any log line. It first makes sure the app has
   * logged, and the tests have used secrets, enough for "none found" to mean something.
   */
  expectNoSecretLogged(logs: LogLine[]): void {
    expect(logs.length).toBeGreaterThan(10);
    expect(this.secrets.size).toBeGreaterThan(10);
    const text = JSON.stringify(logs);
    for (const secret of this.secrets) expect(text).not.toContain(secret);
  }

  async signUp(options: { email?: string; password?: string; roles?: Role[] } = {}): Promise<Account> {
    const email = options.email ?? this.email();
    const password = this.secret(options.password ?? this.password());
    const response = await call(this.app, "/api/auth/signup", { json: { email, password } });
    const session = await expectSession(response, 201);
    this.secret(session.access_token);
    if (options.roles) await this.setRoles(session.user.id, options.roles);
    return { id: session.user.id, email, password, token: session.access_token, session };
  }

  async admin(): Promise<Account> {
    return this.signUp({ email: this.email("admin"), roles: ["customer", "admin"] });
  }

  /** Signs in through the API and returns the new session; fails the test if sign-in fails. */
  async logIn(email: string, password: string): Promise<Session> {
    const response = await call(this.app, "/api/auth/login", { json: { type: "email", email, password } });
    const session = await expectSession(response);
    this.secret(session.access_token);
    return session;
  }

  /** The status of a sign-in attempt (200 or 401), for checking which password works. */
  async logInStatus(email: string, password: string): Promise<number> {
    const response = await call(this.app, "/api/auth/login", { json: { type: "email", email, password } });
    const body = (await response.json()) as { session?: { access_token?: string } };
    if (body.session?.access_token) this.secret(body.session.access_token);
    return response.status;
  }

  async setRoles(userId: string, roles: Role[]): Promise<void> {
    await this.db.update(users).set({ roles }).where(eq(users.id, userId));
  }

  /** Moves the session's expiry into the past, as if it had not been used for 30 days. */
  async expire(token: string): Promise<void> {
    const past = new Date(Date.now() - 1000);
    await this.db
      .update(sessions)
      .set({ expiresAt: past, lastUsedAt: new Date(past.getTime() - 30 * 24 * 3600 * 1000) })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
  }

  async sessionRow(token: string): Promise<typeof sessions.$inferSelect | undefined> {
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    return row;
  }

  /** Tokens of an account with these roles that were good and are not any more, and one that never was. */
  async deadTokens(roles: Role[] = ["customer"]): Promise<{ name: string; token: string }[]> {
    const account = await this.signUp({ roles });
    const expired = account.token;
    await this.expire(expired);
    const revoked = (await this.logIn(account.email, account.password)).access_token;
    await this.revoke(revoked);
    const loggedOut = (await this.logIn(account.email, account.password)).access_token;
    const logout = await call(this.app, "/api/auth/logout", { method: "POST", bearer: loggedOut });
    expect(logout.status).toBe(204);
    return [
      { name: "an expired token", token: expired },
      { name: "a revoked token", token: revoked },
      { name: "a signed-out token", token: loggedOut },
      { name: "a made-up token", token: this.secret(randomBytes(32).toString("base64url")) },
    ];
  }
}

export type PayloadCase = { name: string; body: unknown; field: string };

/**
 * Bad bodies for a call: each field missing, each of the wrong type (a number), each given `long`
 * value too long, and bodies that are not objects. `valid` is a good body.
 */
export function badPayloads(
  valid: Record<string, unknown>,
  long: Record<string, string> = {},
): PayloadCase[] {
  const cases: PayloadCase[] = [];
  for (const field of Object.keys(valid)) {
    const rest = { ...valid };
    delete rest[field];
    cases.push({ name: `${field} missing`, body: rest, field });
    cases.push({ name: `${field} a number`, body: { ...valid, [field]: 12345 }, field });
    cases.push({ name: `${field} null`, body: { ...valid, [field]: null }, field });
  }
  for (const [field, value] of Object.entries(long)) {
    cases.push({ name: `${field} of ${value.length} characters`, body: { ...valid, [field]: value }, field });
  }
  cases.push({ name: "body null", body: null, field: "body" });
  cases.push({ name: "body an array", body: [], field: "body" });
  cases.push({ name: "body a string", body: "hello", field: "body" });
  return cases;
}

/** An e-mail address of 300 characters: longer than the 254 allowed. */
export const longEmail = `${"a".repeat(288)}@example.com`;
/** A password of 300 characters: longer than the 256 allowed. */
export const longPassword = "p".repeat(300);
/** Malformed JSON bodies: each must be a 400 invalid_json. */
export const malformedBodies = ['{"email": "a@example.com"', "", "not json", "{'email': 1}"];
