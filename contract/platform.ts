// Payloads of the platform calls: health, readiness and the build id.
import { z } from "./zod";

export const healthSchema = z.object({ ok: z.literal(true) });
export type Health = z.infer<typeof healthSchema>;

export const readySchema = z.object({
  ok: z.boolean(),
  database: z.enum(["up", "down"]),
});
export type Ready = z.infer<typeof readySchema>;

export const buildInfoSchema = z.object({ buildId: z.string().min(1) });
export type BuildInfo = z.infer<typeof buildInfoSchema>;
