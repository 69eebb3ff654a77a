// The e-mail provider interface: every message the product sends (password resets, invoices,
// receipts) goes through an EmailSender, so the SMTP adapter and the offline outbox are interchangeable.
import type { SendMailOptions } from "nodemailer";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative; the text part is always sent too. */
  html?: string;
  /** Files sent with the message (a receipt's PDF). */
  attachments?: EmailAttachment[];
};

export type EmailAttachment = {
  filename: string;
  content: Uint8Array;
  contentType: string;
};

export type EmailSender = {
  kind: "outbox" | "smtp";
  /** Resolves once the message is handed over (written to disk, or accepted by the SMTP server). */
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
};

/**
 * The message as nodemailer takes it, the same for the SMTP server and the outbox file (attachments as
 * Buffers, so they are base64-encoded as they are).
 */
export function nodemailerMessage(from: string, message: EmailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map((attachment) => ({
      filename: attachment.filename,
      content: Buffer.from(attachment.content),
      contentType: attachment.contentType,
    })),
  };
}
