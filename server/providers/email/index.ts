// Picks the e-mail provider from the configuration: SMTP when SMTP_URL is set, else the outbox folder.
import path from "node:path";
import type { Config } from "../../config";
import { createOutboxSender } from "./outbox";
import { createSmtpSender } from "./smtp";
import type { EmailSender } from "./types";

export type { EmailMessage, EmailSender } from "./types";
export {
  createOutboxSender,
  parseEmail,
  parseEmailAttachments,
  readOutbox,
  type OutboxMessage,
  type ParsedAttachment,
} from "./outbox";
export { createSmtpSender } from "./smtp";

export function createEmailSender(config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">): EmailSender {
  if (config.SMTP_URL) return createSmtpSender({ url: config.SMTP_URL, from: config.MAIL_FROM });
  return createOutboxSender({ dir: outboxDir(config), from: config.MAIL_FROM });
}

/** Where the outbox provider writes, and where an admin screen reads. */
export function outboxDir(config: Pick<Config, "DATA_DIR">): string {
  return path.join(config.DATA_DIR, "outbox");
}
