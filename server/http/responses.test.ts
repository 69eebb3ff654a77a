// Headers changed on the response itself when they may be, so a page's buffer body stays a buffer.
import { describe, expect, it } from "vitest";
import { withHeadersChanged } from "./responses";

describe("withHeadersChanged", () => {
  it("changes a response's headers in place, leaving its body unread", async () => {
    const response = new Response("<p>page</p>", { status: 201, headers: { "Content-Type": "text/html" } });
    const changed = withHeadersChanged(response, (headers) => headers.set("X-Test", "yes"));
    expect(changed).toBe(response);
    expect(changed.bodyUsed).toBe(false);
    expect(changed.headers.get("X-Test")).toBe("yes");
    expect(changed.status).toBe(201);
    expect(await changed.text()).toBe("<p>page</p>");
  });

  it("copies a response whose headers may not be changed", async () => {
    // Node's own Response, whose redirects have immutable headers: a server started by another test
    // file in this worker (@hono/node-server) puts a lighter Response of its own in the global, whose
    // prototype is Node's.
    const parent: unknown = Object.getPrototypeOf(Response);
    const NodeResponse = parent === Function.prototype ? Response : (parent as typeof Response);
    const redirect = NodeResponse.redirect("http://localhost/login", 302);
    expect(() => redirect.headers.set("X-Test", "yes")).toThrow(TypeError);
    const changed = withHeadersChanged(redirect, (headers) => headers.set("X-Test", "yes"));
    expect(changed).not.toBe(redirect);
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("http://localhost/login");
    expect(changed.headers.get("X-Test")).toBe("yes");
  });
});
