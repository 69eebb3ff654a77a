// The page body React is piped into: one buffer for a page written at once, React's passes otherwise.
import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { htmlBody } from "./html-stream";

type Body = Awaited<ReturnType<typeof htmlBody>>;

async function text(body: Body): Promise<string> {
  return new Response(body).text();
}

async function chunks(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const reader = stream.getReader();
  const result: string[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    result.push(Buffer.from(read.value).toString("utf8"));
  }
  return result;
}

function Later({ value }: { value: Promise<string> }) {
  return <p>{use(value)}</p>;
}

/** Renders like entry.server.tsx: the body is made when the shell is ready. */
function render(node: React.ReactNode, onEnd?: () => void): Promise<Body> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onShellReady: () => resolve(htmlBody(pipe, onEnd)),
      onShellError: reject,
    });
  });
}

describe("htmlBody", () => {
  it("answers a page React wrote completely while piping as one buffer", async () => {
    const items = Array.from({ length: 2000 }, (_, index) => <li key={index}>{`item ${index}`}</li>);
    const body = await render(<ul>{items}</ul>);
    expect(body).toBeInstanceOf(Uint8Array);
    const html = await text(body);
    // Far more than React's 4 KB views, all in the one buffer.
    expect(html.length).toBeGreaterThan(20_000);
    expect(html).toContain("<li>item 0</li>");
    expect(html).toContain("<li>item 1999</li>");
  });

  it("answers a page whose last part comes a moment after the shell as one buffer", async () => {
    // Like React Router's loader data at the end of a page: ready a turn of the event loop later.
    const value = new Promise<string>((resolve) => setImmediate(() => resolve("arrived")));
    const body = await render(
      <main>
        <h1>shell</h1>
        <Suspense fallback={<p>waiting</p>}>
          <Later value={value} />
        </Suspense>
      </main>,
    );
    expect(body).toBeInstanceOf(Uint8Array);
    const html = await text(body);
    expect(html).toContain("arrived");
  });

  it("streams a page with parts still to come, one chunk per pass of React", async () => {
    let finish: (value: string) => void = () => {};
    const value = new Promise<string>((resolve) => (finish = resolve));
    const body = await render(
      <main>
        <h1>{"shell ".repeat(2000)}</h1>
        <Suspense fallback={<p>waiting</p>}>
          <Later value={value} />
        </Suspense>
      </main>,
    );
    expect(body).toBeInstanceOf(ReadableStream);
    const stream = body as ReadableStream<Uint8Array>;
    const reader = stream.getReader();
    const shell = await reader.read();
    const shellHtml = Buffer.from(shell.value ?? []).toString("utf8");
    // The whole shell (more than one 4 KB view) as one chunk, before the rest exists.
    expect(shellHtml.length).toBeGreaterThan(12_000);
    expect(shellHtml).toContain("waiting");
    expect(shellHtml).not.toContain("arrived");
    finish("arrived");
    reader.releaseLock();
    const rest = await chunks(stream);
    expect(rest.join("")).toContain("arrived");
  });

  it("stops React when the reader goes away", async () => {
    let finish: (value: string) => void = () => {};
    const value = new Promise<string>((resolve) => (finish = resolve));
    const body = await render(
      <Suspense fallback={<p>waiting</p>}>
        <Later value={value} />
      </Suspense>,
    );
    const stream = body as ReadableStream<Uint8Array>;
    await stream.cancel();
    finish("too late");
    // Nothing is enqueued into the cancelled stream (that would throw).
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it("says when the page has ended: written at once, after its last part, or its reader gone", async () => {
    const wait = () => new Promise((resolve) => setTimeout(resolve, 10));
    const ends: string[] = [];
    await render(<p>at once</p>, () => ends.push("at once"));
    await wait();
    expect(ends).toEqual(["at once"]);

    let finish: (value: string) => void = () => {};
    const later = render(
      <Suspense fallback={<p>waiting</p>}>
        <Later value={new Promise<string>((resolve) => (finish = resolve))} />
      </Suspense>,
      () => ends.push("streamed"),
    );
    const stream = (await later) as ReadableStream<Uint8Array>;
    await wait();
    expect(ends).toEqual(["at once"]);
    finish("arrived");
    expect((await chunks(stream)).join("")).toContain("arrived");
    await wait();
    expect(ends).toEqual(["at once", "streamed"]);

    const gone = (await render(
      <Suspense fallback={<p>waiting</p>}>
        <Later value={new Promise<string>(() => {})} />
      </Suspense>,
      () => ends.push("gone"),
    )) as ReadableStream<Uint8Array>;
    await gone.cancel();
    await wait();
    expect(ends).toEqual(["at once", "streamed", "gone"]);
  });
});
