// The design system's accessibility wiring, rendered to HTML as the server sends it.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Alert } from "./alert";
import { Button } from "./button";
import { DataTable } from "./data-table";
import { TextField } from "./text-field";

describe("TextField", () => {
  it("ties the label, hint and error to the input", () => {
    const html = renderToStaticMarkup(
      <TextField id="email" label="E-mail" hint="We never share it" error="Enter a valid e-mail address" />,
    );
    expect(html).toContain('<label for="email"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="email-hint email-error"');
    expect(html).toMatch(/id="email-error"[^>]*>Enter a valid e-mail address</);
  });

  it("is not marked invalid without an error", () => {
    const html = renderToStaticMarkup(<TextField id="name" label="Name" />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });
});

describe("Alert", () => {
  it("announces errors at once and other messages politely", () => {
    expect(renderToStaticMarkup(<Alert tone="error" title="There was an error" />)).toContain('role="alert"');
    expect(renderToStaticMarkup(<Alert tone="success" title="Saved" />)).toContain('role="status"');
  });
});

describe("Button", () => {
  it("is a non-submitting button by default and disabled while busy", () => {
    const html = renderToStaticMarkup(<Button busy>Save</Button>);
    expect(html).toContain('type="button"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("disabled");
  });
});

describe("DataTable", () => {
  const columns = [
    { key: "id", header: "Id", cell: (row: { id: string; n: number }) => row.id },
    { key: "n", header: "Count", cell: (row: { id: string; n: number }) => row.n, numeric: true },
  ];

  it("has a caption and column headers with scope", () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Profiles"
        columns={columns}
        rows={[{ id: "A", n: 2 }]}
        rowKey={(r) => r.id}
        empty="None"
      />,
    );
    expect(html).toContain("<caption");
    expect(html).toContain(">Profiles</caption>");
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toContain(">A</td>");
  });

  it("shows the empty state across all columns when there are no rows", () => {
    const html = renderToStaticMarkup(
      <DataTable
        caption="Profiles"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty="No profiles yet"
      />,
    );
    expect(html).toMatch(/<td colSpan="2"[^>]*>No profiles yet<\/td>/i);
  });
});
