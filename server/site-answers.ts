// For the commands an operator runs beside the site (backup, restore, a password reset): whether this
// instance's server answers on its port. It then holds the embedded database, which one process opens
// at a time, so the command asks the site or refuses instead of opening the data folder itself.
import type { Config } from "./config";

export async function siteAnswers(config: Config): Promise<boolean> {
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  try {
    const response = await fetch(`http://${host}:${config.PORT}/api/health`, {
      signal: AbortSignal.timeout(2000),
    });
    return response.ok;
  } catch {
    return false;
  }
}
