// The body of a server-rendered page. React writes a page in many small pieces (views of 4 KB and the
// rest of each pass) and calls `flush()` on its destination after each pass. Sent as they came, each
// piece was one stream read and one socket write of its own, a system call each, which cost more
// than rendering the page's text. Here the pieces of one pass go out as one chunk, at React's flush;
// and a page that React wrote completely while it was being piped, or within a few turns of the event
// loop after (no part of it waiting for data), is answered as one buffer, which the server sends with
// its headers in a single write. A page with parts still to come is streamed as before: each later
// pass goes out when React writes it.
import { Writable } from "node:stream";

/** Keeps what React writes until its `flush()` after each pass; then hands each pass on whole. */
class PassWriter extends Writable {
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Passes flushed before anyone reads them. */
  #passes: Buffer[] = [];
  #controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  #closed = false;

  constructor() {
    // No backpressure: a page is a few tens of kilobytes, which React holds in memory whole anyway.
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (!this.#closed) {
      this.#pending.push(chunk);
      this.#pendingBytes += chunk.length;
    }
    done();
  }

  /** Called by React at the end of each pass. */
  flush(): void {
    if (this.#closed || this.#pendingBytes === 0) return;
    const pass = this.#pending.length === 1 ? (this.#pending[0] as Buffer) : Buffer.concat(this.#pending);
    this.#pending = [];
    this.#pendingBytes = 0;
    if (this.#controller) this.#controller.enqueue(pass);
    else this.#passes.push(pass);
  }

  /** Everything written, when React has ended the page; null while parts are still to come. */
  whole(): Uint8Array<ArrayBuffer> | null {
    if (!this.writableEnded || this.errored) return null;
    this.flush();
    this.#closed = true;
    // Buffer.concat allocates a plain (never shared) ArrayBuffer.
    return Buffer.concat(this.#passes) as Uint8Array<ArrayBuffer>;
  }

  /** The passes as a web stream: those flushed so far at once, the later ones as they come. */
  readable(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        for (const pass of this.#passes) controller.enqueue(pass);
        this.#passes = [];
        this.#controller = controller;
        if (this.#closed) controller.close();
      },
      // The client went away: React stops writing when its destination closes.
      cancel: () => {
        this.#closed = true;
        this.destroy();
      },
    });
  }

  override _final(done: (error?: Error | null) => void): void {
    this.flush();
    if (!this.#closed) this.#controller?.close();
    this.#closed = true;
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (!this.#closed && error) this.#controller?.error(error);
    this.#closed = true;
    this.#pending = [];
    done(error);
  }
}

/**
 * How many turns of the event loop a page may take to finish before it is streamed instead. React
 * Router writes the loader data at the end of every page through a Suspense boundary that reads an
 * encoder's stream (its `StreamTransfer`); under load the encoder is often not done when the shell is,
 * and that boundary finishes a turn or two later. Waiting for it answers the page as one buffer (one
 * write with its headers instead of a chunked stream); a page still waiting for data after these
 * turns (a deferred loader value) is streamed from then on.
 */
const finishTurns = 3;

/**
 * Pipes React's output (`pipe` from renderToPipeableStream) into a response body: one buffer when
 * the page is written completely within a few turns of the event loop, otherwise a stream of
 * React's passes. `onEnd` is called once, when React has ended the page or its reader went away.
 */
export function htmlBody(
  pipe: (destination: Writable) => unknown,
  onEnd?: () => void,
): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>> {
  const writer = new PassWriter();
  if (onEnd) writer.once("close", onEnd);
  pipe(writer);
  const whole = writer.whole();
  if (whole) return Promise.resolve(whole);
  return new Promise((resolve) => {
    let turns = 0;
    const check = () => {
      const done = writer.whole();
      if (done) resolve(done);
      else if (++turns >= finishTurns || writer.destroyed) resolve(writer.readable());
      else setImmediate(check);
    };
    setImmediate(check);
  });
}
