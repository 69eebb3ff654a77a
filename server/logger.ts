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

/**
 * Writes plain text (a message for the operator, not a log entry) to the log's own output, after the
 * entries logged so far: pino writes them asynchronously, so process.stdout.write could come first.
 */
export function writeToLogOutput(logger: Logger, text: string): void {
  const stream = (logger as unknown as Record<symbol, pino.DestinationStream | undefined>)[
    pino.symbols.streamSym
  ];
  if (stream) stream.write(text);
  else process.stdout.write(text);
}
