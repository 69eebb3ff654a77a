// E-mails counted as they are handed to the provider: sent, or failed (the error still goes to the caller).
import type { EmailSender } from "../providers/email/types";
import type { Metrics } from "./metrics";

export function countedEmail(sender: EmailSender, metrics: Pick<Metrics, "email">): EmailSender {
  return {
    ...sender,
    kind: sender.kind,
    async send(message) {
      try {
        await sender.send(message);
      } catch (error) {
        metrics.email(sender.kind, "failed");
        throw error;
      }
      metrics.email(sender.kind, "sent");
    },
  };
}
