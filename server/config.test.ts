// The server's settings: defaults an operator can rely on, and a clear refusal of wrong values.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, publicConfig } from "./config";

describe("loadConfig", () => {
  it("has working defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.secure).toBe(false);
    expect(config.NODE_ENV).toBe("production");
    expect(config.LOG_LEVEL).toBe("info");
    expect(config.E2E_FIXTURES).toBe("off");
  });

  it("derives the default public address from PORT", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("an https PUBLIC_URL turns on secure mode and loses its trailing slash", () => {
    const config = loadConfig({ PUBLIC_URL: "https://shop.example.se/" });
    expect(config.publicUrl).toBe("https://shop.example.se");
    expect(config.PUBLIC_URL).toBe("https://shop.example.se");
    expect(config.secure).toBe(true);
  });

  it("trusts the Origin of PUBLIC_URL only, or without it the machine's loopback names at PORT", () => {
    expect(loadConfig({ PUBLIC_URL: "https://shop.example.se/" }).trustedOrigins).toEqual([
      "https://shop.example.se",
    ]);
    expect(loadConfig({ PORT: "8080" }).trustedOrigins).toEqual([
      "http://localhost:8080",
      "http://127.0.0.1:8080",
      "http://[::1]:8080",
    ]);
  });

  it("an http PUBLIC_URL is not secure", () => {
    const config = loadConfig({ PUBLIC_URL: "http://intranet.local:8080" });
    expect(config.publicUrl).toBe("http://intranet.local:8080");
    expect(config.secure).toBe(false);
  });

  it("an empty setting means not set: PORT= gives the default, not a random port", () => {
    expect(loadConfig({ PORT: "" }).PORT).toBe(3000);
    expect(loadConfig({ PORT: " " }).PORT).toBe(3000);
    expect(loadConfig({ DATA_DIR: "" }).DATA_DIR).toBe("./data");
  });

  it("an empty DATABASE_URL means the embedded database", () => {
    expect(loadConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: "   " }).DATABASE_URL).toBeUndefined();
  });

  it("accepts postgres:// and postgresql:// database URLs", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@db:5432/app" }).DATABASE_URL).toBe(
      "postgres://u@db:5432/app",
    );
    expect(loadConfig({ DATABASE_URL: "postgresql://u@db/app" }).DATABASE_URL).toBe("postgresql://u@db/app");
  });

  it("API_BASE_URL may be a path or an http(s) URL, without a trailing slash", () => {
    expect(loadConfig({ API_BASE_URL: "/" }).API_BASE_URL).toBe("");
    expect(loadConfig({ API_BASE_URL: "https://api.example.se/" }).API_BASE_URL).toBe(
      "https://api.example.se",
    );
    expect(loadConfig({ API_BASE_URL: "" }).API_BASE_URL).toBeUndefined();
  });

  it("TRUST_PROXY is how many proxies to trust: off none, on one, or a number", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "on" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: " ON " }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
  });

  it.each([
    ["TRUST_PROXY", "yes"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "1.5"],
    ["TRUST_PROXY", "10.0.0.0/8"],
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["LOG_LEVEL", "loud"],
    ["NODE_ENV", "staging"],
    ["DATABASE_URL", "mysql://x"],
    ["PUBLIC_URL", "ftp://x"],
    ["PUBLIC_URL", "not a url"],
    ["API_BASE_URL", "foo"],
    ["POSTHOG_HOST", "eu.i.posthog.com"],
    ["E2E_FIXTURES", "yes"],
    ["EMBEDDED_SHARED_BUFFERS_MB", "8"],
    ["EMBEDDED_SHARED_BUFFERS_MB", "lots"],
  ])("%s=%s is refused with a ConfigError naming the setting", (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as ConfigError).message;
    expect(message).toContain(`${name}:`);
    // Only the wrong setting is blamed.
    for (const other of ["PORT", "LOG_LEVEL", "DATABASE_URL", "PUBLIC_URL", "API_BASE_URL"]) {
      if (other !== name) expect(message).not.toContain(`${other}:`);
    }
  });

  it("names every wrong setting at once", () => {
    expect(() => loadConfig({ PORT: "abc", LOG_LEVEL: "loud" })).toThrow(
      /PORT:.*LOG_LEVEL:|LOG_LEVEL:.*PORT:/,
    );
  });
});

describe("publicConfig", () => {
  it("exposes only the allow-listed settings, never the server's secrets", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://admin:hunter2@db/app",
      DATA_DIR: "/srv/secret-data",
      POSTHOG_KEY: "phc_key",
      API_BASE_URL: "https://api.example.se",
    });
    const exposed = publicConfig(config);
    expect(Object.keys(exposed).sort()).toEqual([
      "apiBaseUrl",
      "cardPayments",
      "posthogHost",
      "posthogKey",
      "testMode",
    ]);
    expect(exposed).toEqual({
      apiBaseUrl: "https://api.example.se",
      posthogKey: "phc_key",
      posthogHost: "https://eu.i.posthog.com",
      cardPayments: true,
      testMode: false,
    });
    expect(JSON.stringify(exposed)).not.toContain("hunter2");
  });

  it("uses same-origin API calls and no analytics key when none is set", () => {
    expect(publicConfig(loadConfig({}))).toEqual({
      apiBaseUrl: "",
      posthogKey: null,
      posthogHost: "https://eu.i.posthog.com",
      cardPayments: true,
      testMode: false,
    });
  });
});

describe("test payments never by accident", () => {
  it("takes card payments through the sandbox on a local or demo site, without the ribbon", () => {
    for (const env of [{}, { PUBLIC_URL: "http://demo.kammare.example" }]) {
      const config = loadConfig(env);
      expect(config.PAYMENT_PROVIDER).toBe("sandbox");
      expect(publicConfig(config)).toMatchObject({ cardPayments: true, testMode: false });
    }
  });

  it("takes no card payments on an https site that names no provider", () => {
    const config = loadConfig({ PUBLIC_URL: "https://kammare.example" });
    expect(config.PAYMENT_PROVIDER).toBe("none");
    expect(publicConfig(config)).toMatchObject({ cardPayments: false, testMode: false });
  });

  it("shows the test-mode ribbon on an https site that names the sandbox (staging)", () => {
    const config = loadConfig({ PUBLIC_URL: "https://staging.kammare.example", PAYMENT_PROVIDER: "sandbox" });
    expect(config.PAYMENT_PROVIDER).toBe("sandbox");
    expect(publicConfig(config)).toMatchObject({ cardPayments: true, testMode: true });
  });

  it("takes Stripe when it is named with its keys, on any site", () => {
    const config = loadConfig({
      PUBLIC_URL: "https://kammare.example",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(publicConfig(config)).toMatchObject({ cardPayments: true, testMode: false });
  });
});
