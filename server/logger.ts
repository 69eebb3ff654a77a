// The JSON logger (pino). Secrets are redacted wherever they appear in a logged object.
import pino from "pino";

export type Logger = pino.Logger;

export const redactedPaths = [
  "password",
  "*.password",
  "currentPassword",
  "*.currentPassword",
  "newPassword",
  "*.newPassword",
  "token",
  "*.token",
  "access_token",
  "*.access_token",
  "*.session.access_token",
  "authorization",
  "*.authorization",
  "*.headers.authorization",
  "*.headers.cookie",
  "cookie",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "kammare" },
      redact: { paths: redactedPaths, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
