/** The embedded default: no model. Callers check `available` and take their offline path. */
import { LlmUnavailableError, type ChatResult, type LlmProvider, type LlmUsage } from "./types.ts";

export class NoLlm implements LlmProvider {
  readonly kind = "none";
  readonly model = null;
  readonly available = false;

  async chat(): Promise<ChatResult> {
    throw new LlmUnavailableError();
  }

  async structured<T>(): Promise<{ value: T; usage: LlmUsage }> {
    throw new LlmUnavailableError();
  }
}
