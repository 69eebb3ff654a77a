// A partner made through the API, as most partner specs need one: the admin whitelists the address
// under the organisation's name, and the partner signs up (the organisation is named from the
// whitelist, ADR 036). Its session token, slug and organisation id come with it.
import { expect, request as playwrightRequest, type Browser } from "@playwright/test";
import { newUser, type TestUser } from "./accounts";
import { ownAddress } from "./client-address";
import { asAdmin } from "./pages";
import { appUrl } from "./ports";

export type Partner = TestUser & { name: string; slug: string; token: string; organisationId: string };

export async function partnerByApi(browser: Browser, name: string): Promise<Partner> {
  const user = newUser();
  await asAdmin(browser, async (request, token) => {
    const added = await request.post("/api/admin/partner-whitelist", {
      data: { email: user.email, partnerName: name },
      headers: { Authorization: `Bearer ${token}`, Origin: appUrl },
    });
    expect(added.status()).toBe(201);
  });
  const client = await playwrightRequest.newContext({ baseURL: appUrl, extraHTTPHeaders: ownAddress() });
  try {
    const signedUp = await client.post("/api/partner/signup", { data: user });
    expect(signedUp.status()).toBe(201);
    const token = ((await signedUp.json()) as { session: { access_token: string } }).session.access_token;
    const me = await client.get("/api/partner/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    const { organisation } = (await me.json()) as {
      organisation: { name: string | null; slug: string; id: string };
    };
    expect(organisation.name).toBe(name);
    return { ...user, name, slug: organisation.slug, token, organisationId: organisation.id };
  } finally {
    await client.dispose();
  }
}
