/**
 * First start with an empty key store and no TREEINDEX_API_KEY: create the default local
 * user and a key, and print it once (stderr) with a ready curl line: a banner on a terminal,
 * a JSON log line otherwise.
 */
import type { Services } from "../core/services.ts";
import { DEFAULT_USER_NAME } from "../core/users.ts";

export async function ensureFirstRunKey(services: Services, url: string): Promise<void> {
  if (services.config.apiKey) {
    services.logger.info("using the API key from TREEINDEX_API_KEY for the local user");
    if (services.config.apiKey.length < 16) {
      services.logger.warn("TREEINDEX_API_KEY is shorter than 16 characters: fine for scripts on this machine, weak anywhere else");
    }
    return;
  }
  if (await services.users.hasActiveKeys()) return;
  const { key } = await services.users.createKey(DEFAULT_USER_NAME, "created on first start");
  const tryIt = `curl -s -H "api_key: ${key}" ${url}/openapi.json`;
  // A person at a terminal gets a banner; anything else reading stderr (a log file, a
  // collector, a desktop client) gets one JSON log line like every other, the key in it.
  if (!process.stderr.isTTY) {
    services.logger.warn({ user: DEFAULT_USER_NAME, api_key: key, try: tryIt }, `Created an API key for user "${DEFAULT_USER_NAME}" (shown once; only its hash is stored)`);
    return;
  }
  process.stderr.write(
    [
      "",
      `  Created an API key for user "${DEFAULT_USER_NAME}" (shown once; only its hash is stored):`,
      "",
      `    ${key}`,
      "",
      "  Try it:",
      `    ${tryIt}`,
      "",
      "  More keys: npx treeindex keys create --user NAME",
      "",
      "",
    ].join("\n"),
  );
}
