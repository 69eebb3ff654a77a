// The built-in e-mail provider: each message, composed by nodemailer exactly as it would go out over
// SMTP, is written as one .eml file to a folder; readOutbox reads them back for tests and the admin.
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { nodemailerMessage, type EmailMessage, type EmailSender } from "./types";

export type OutboxMessage = {
  /** The file name inside the outbox folder. */
  file: string;
  to: string;
  subject: string;
  /** The text/plain body, decoded, with LF line breaks and without nodemailer's final line break. */
  text: string;
  /** The files attached, decoded. */
  attachments: ParsedAttachment[];
  /** The whole message as written. */
  raw: string;
};

export function createOutboxSender({ dir, from }: { dir: string; from: string }): EmailSender {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let lastTime = 0;

  // File names sort in sending order: the time in them never repeats or goes back within a process,
  // so two messages sent in the same millisecond still read back in the order they were sent.
  function nextFileName(): string {
    lastTime = Math.max(Date.now(), lastTime + 1);
    const stamp = new Date(lastTime).toISOString().replaceAll(":", "-");
    return `${stamp}-${randomBytes(6).toString("hex")}.eml`;
  }

  return {
    kind: "outbox",
    async send(message: EmailMessage): Promise<void> {
      const file = nextFileName();
      const [info] = await Promise.all([
        composer.sendMail(nodemailerMessage(from, message)),
        mkdir(dir, { recursive: true }),
      ]);
      if (!Buffer.isBuffer(info.message))
        throw new Error("nodemailer did not return the message as a buffer");
      // Written under a name readOutbox skips, then renamed: a reader never sees half a message.
      const temp = path.join(dir, `.${file}.${randomBytes(4).toString("hex")}.tmp`);
      try {
        await writeFile(temp, info.message, { flag: "wx" });
        await rename(temp, path.join(dir, file));
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw error;
      }
    },
  };
}

/** When a message of the outbox was sent, from its file name (null for a name this sender never makes). */
function sentAt(file: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2}\.\d{3}Z)-[0-9a-f]+\.eml$/.exec(file);
  if (!match) return null;
  const time = new Date(`${match[1]}:${match[2]}:${match[3]}`);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** Removes the messages sent before `sentBefore`; answers how many. An absent folder has none. */
export async function pruneOutbox(dir: string, sentBefore: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const file of names) {
    const time = sentAt(file);
    if (!time || time >= sentBefore) continue;
    const gone = await unlink(path.join(dir, file)).then(
      () => true,
      () => false,
    );
    if (gone) removed++;
  }
  return removed;
}

/** The messages in an outbox folder, oldest first; an absent folder is an empty outbox. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith(".eml") && !name.startsWith(".")).sort();
  return Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(path.join(dir, file));
      return {
        file,
        ...parseEmail(bytes),
        attachments: parseEmailAttachments(bytes),
        raw: bytes.toString("utf8"),
      };
    }),
  );
}

/**
 * Reads the recipient, subject and text/plain body of an RFC 5322 message. Small on purpose: it
 * understands what mail composers (nodemailer among them) produce, not every corner of MIME.
 */
export function parseEmail(raw: Buffer | string): { to: string; subject: string; text: string } {
  // Worked on as a "binary" string (one char per byte) so 8bit bodies in any charset keep their
  // bytes until the charset is known.
  const entity = parseEntity(asBinary(raw));
  const text = findPlainText(entity) ?? "";
  return {
    to: decodeHeader(entity.headers.get("to") ?? ""),
    subject: decodeHeader(entity.headers.get("subject") ?? ""),
    text: text.replace(/\r\n/g, "\n").replace(/\n$/, ""),
  };
}

/** The files attached to an RFC 5322 message (parts with Content-Disposition: attachment), decoded. */
export function parseEmailAttachments(raw: Buffer | string): ParsedAttachment[] {
  return findAttachments(parseEntity(asBinary(raw)));
}

export type ParsedAttachment = { filename: string; contentType: string; content: Buffer };

/** The parts sent as attachments (Content-Disposition: attachment), with their bytes decoded. */
function findAttachments(entity: Entity): ParsedAttachment[] {
  const contentType = entity.headers.get("content-type") ?? "text/plain";
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = headerParameter(contentType, "boundary");
    if (!boundary) return [];
    return splitMultipart(entity.body, boundary).flatMap((part) => findAttachments(parseEntity(part)));
  }
  const disposition = entity.headers.get("content-disposition") ?? "";
  if (!/^attachment\b/i.test(disposition)) return [];
  return [
    {
      filename: decodeHeader(headerParameter(disposition, "filename") ?? ""),
      contentType: type,
      content: decodeBody(entity),
    },
  ];
}

function asBinary(raw: Buffer | string): string {
  return (typeof raw === "string" ? Buffer.from(raw, "utf8") : raw).toString("latin1").replace(/\r\n/g, "\n");
}

type Entity = { headers: Map<string, string>; body: string };

function parseEntity(binary: string): Entity {
  const end = binary.startsWith("\n") ? 0 : binary.indexOf("\n\n");
  const head = end === -1 ? binary : binary.slice(0, end);
  const body = end === -1 ? "" : binary.slice(end + (end === 0 ? 1 : 2));
  const headers = new Map<string, string>();
  // Unfolding: a line starting with white space continues the previous header.
  for (const line of head.replace(/\n(?=[ \t])/g, "").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function findPlainText(entity: Entity): string | undefined {
  const contentType = entity.headers.get("content-type") ?? "text/plain";
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (/^attachment\b/i.test(entity.headers.get("content-disposition") ?? "")) return undefined;
  if (type.startsWith("multipart/")) {
    const boundary = headerParameter(contentType, "boundary");
    if (!boundary) return undefined;
    for (const part of splitMultipart(entity.body, boundary)) {
      const text = findPlainText(parseEntity(part));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (type !== "text/plain") return undefined;
  return decodeBytes(decodeBody(entity), headerParameter(contentType, "charset") ?? "utf-8");
}

/** A part's body as bytes, its transfer encoding undone. */
function decodeBody(entity: Entity): Buffer {
  const encoding = (entity.headers.get("content-transfer-encoding") ?? "7bit").trim().toLowerCase();
  return encoding === "base64"
    ? Buffer.from(entity.body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64")
    : encoding === "quoted-printable"
      ? Buffer.from(decodeQuotedPrintable(entity.body), "latin1")
      : Buffer.from(entity.body, "latin1");
}

/** The parts between the delimiter lines; the line break before a delimiter belongs to it (RFC 2046). */
function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split("\n")) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      if (current) parts.push(current.join("\n"));
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) parts.push(current.join("\n"));
  return parts;
}

function headerParameter(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return match?.[1] ?? match?.[2];
}

function decodeQuotedPrintable(binary: string): string {
  return decodeHexEscapes(
    binary
      .replace(/[ \t]+$/gm, "") // white space at a line's end was added in transit
      .replace(/=\n/g, ""), // soft line break
  );
}

function decodeHexEscapes(binary: string): string {
  return binary.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeBytes(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

const encodedWord = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
const encodedWordRun = /=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=(?:[ \t]*=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)*/g;

/**
 * A header value as text: RFC 2047 encoded-words (B and Q) decoded, adjacent ones joined (the space
 * between them is not part of the text, and a character may be split across two of them), and any
 * raw bytes read as UTF-8 (RFC 6532).
 */
function decodeHeader(binary: string): string {
  let result = "";
  let last = 0;
  for (const run of binary.matchAll(encodedWordRun)) {
    result += Buffer.from(binary.slice(last, run.index), "latin1").toString("utf8");
    let charset = "";
    let bytes: Buffer[] = [];
    const flush = () => {
      if (bytes.length) result += decodeBytes(Buffer.concat(bytes), charset);
      bytes = [];
    };
    for (const [, wordCharset = "", encoding = "", content = ""] of run[0].matchAll(encodedWord)) {
      // RFC 2231 allows a language after the charset: =?utf-8*sv?Q?...?=
      const name = (wordCharset.split("*")[0] ?? "").toLowerCase();
      if (name !== charset) flush();
      charset = name;
      bytes.push(
        encoding.toUpperCase() === "B"
          ? Buffer.from(content, "base64")
          : Buffer.from(decodeHexEscapes(content.replace(/_/g, " ")), "latin1"),
      );
    }
    flush();
    last = run.index + run[0].length;
  }
  return (result + Buffer.from(binary.slice(last), "latin1").toString("utf8")).trim();
}
