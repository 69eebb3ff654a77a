// The admin's first-name list, on every database engine.
import { expect, it } from "vitest";
import { firstNameListSchema } from "../../contract/first-names";
import { findFirstName } from "../../server/domain/profiles";
import { badPayloads, call, expectError } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";

describeOnEngines("first names", ({ app, db, admin, customer }) => {
  const add = (token: string, name: unknown) =>
    call(app, "/api/admin/first-names", { bearer: token, json: { name } });

  it("adds, lists and removes names; the path is the name in lower case", async () => {
    expect((await add(admin.token, "Åsa")).status).toBe(201);
    expect((await add(admin.token, "Anna-Lena")).status).toBe(201);
    const list = firstNameListSchema.parse(
      await (await call(app, "/api/admin/first-names", { bearer: admin.token })).json(),
    );
    expect(list.names.map((entry) => [entry.name, entry.displayName])).toEqual([
      ["anna-lena", "Anna-Lena"],
      ["åsa", "Åsa"],
    ]);
    expect(await findFirstName(db, "ÅSA")).toBe("Åsa");
    const removed = await call(app, "/api/admin/first-names/%C3%A5sa", {
      method: "DELETE",
      bearer: admin.token,
    });
    expect(removed.status).toBe(204);
    expect(await findFirstName(db, "åsa")).toBeNull();
  });

  it("refuses a name twice (409), a product word (400) and anything but letters (400)", async () => {
    expect((await add(admin.token, "Greta")).status).toBe(201);
    await expectError(await add(admin.token, "greta"), 409, "conflict", "name");
    for (const word of ["Login", "admin", "k", "partner", "new", "gratis-provperiod"]) {
      await expectError(await add(admin.token, word), 400, "invalid_request", "name");
    }
    for (const bad of ["Anna Lena", "R2D2", "<b>", "-Anna", "a".repeat(41)]) {
      await expectError(await add(admin.token, bad), 400, "invalid_request", "name");
    }
  });

  it("is for admins only", async () => {
    await expectError(await add(customer.token, "Kalle"), 403, "forbidden");
    await expectError(
      await call(app, "/api/admin/first-names", { bearer: customer.token }),
      403,
      "forbidden",
    );
    await expectError(
      await call(app, "/api/admin/first-names/greta", { method: "DELETE", bearer: customer.token }),
      403,
      "forbidden",
    );
    await expectError(await call(app, "/api/admin/first-names"), 401, "unauthorized");
  });

  it("answers 404 for removing a name not on the list", async () => {
    await expectError(
      await call(app, "/api/admin/first-names/nobody", { method: "DELETE", bearer: admin.token }),
      404,
      "not_found",
      "name",
    );
  });

  it.each(badPayloads({ name: "Olle" }))(
    "answers 400 naming the field for $name",
    async ({ body, field }) => {
      await expectError(
        await call(app, "/api/admin/first-names", { bearer: admin.token, json: body }),
        400,
        "invalid_request",
        field,
      );
    },
  );
});
