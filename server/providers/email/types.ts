// The e-mail provider interface: every message the product sends (password resets, invoices,
// receipts) goes through an EmailSender, so the SMTP adapter and the offline outbox are interchangeable.

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

/** The attachments as nodemailer takes them (Buffers, so they are base64-encoded as they are). */
export function mailAttachments(message: EmailMessage) {
  return message.attachments?.map((attachment) => ({
    filename: attachment.filename,
    content: Buffer.from(attachment.content),
    contentType: attachment.contentType,
  }));
}
