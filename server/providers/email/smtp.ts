// The SMTP e-mail provider: nodemailer over the server named by SMTP_URL (credentials in the URL).
import nodemailer from "nodemailer";
import { nodemailerMessage, type EmailMessage, type EmailSender } from "./types";

export function createSmtpSender({ url, from }: { url: string; from: string }): EmailSender {
  // Connects per message, so nothing is opened at start and an unreachable server only fails sends.
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(message: EmailMessage): Promise<void> {
      await transport.sendMail(nodemailerMessage(from, message));
    },
    async close(): Promise<void> {
      transport.close();
    },
  };
}
