/** The optional model: `createLlm(config.llm)` gives the provider the configuration names. */
import type { LlmConfig } from "../config.ts";
import { NoLlm } from "./none.ts";
import { OpenAiCompatibleLlm } from "./openai-compatible.ts";
import type { LlmProvider } from "./types.ts";

export * from "./types.ts";
export { NoLlm } from "./none.ts";
export { OpenAiCompatibleLlm } from "./openai-compatible.ts";

export function createLlm(config: LlmConfig): LlmProvider {
  return config.provider === "openai-compatible" ? new OpenAiCompatibleLlm(config) : new NoLlm();
}
