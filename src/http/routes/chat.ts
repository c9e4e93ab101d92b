/**
 * POST /chat/completions: JSON answer, or with `stream: true` Server-Sent Events
 * (`data: {chunk}` lines with choices[0].delta.content and block_metadata, then
 * `data: [DONE]`). The scope is checked before the stream opens, so 404/409/422 stay
 * ordinary responses. A client that disconnects aborts the run (and the model request).
 */
import { streamSSE } from "hono/streaming";
import { chatBody, chatResponse, type ChatChunk } from "../../core/chat/schemas.ts";
import { completionChunk, completionResponse, usageFields } from "../../core/chat/wire.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

export function chatRoutes(router: Router, { chat, logger }: Services): void {
  router.add(
    {
      method: "post", path: "/chat/completions", tag: "chat (beta)", body: chatBody,
      summary: "Answer a conversation over your documents (agent over document tools with a model; extractive without one)",
      responses: {
        200: { description: "The answer (JSON), or an SSE stream of chat.completion.chunk objects when stream is true", schema: chatResponse },
        404: { description: "Unknown doc_id or folder_id" },
        409: { description: "A named document is not retrieval_ready" },
      },
    },
    async ({ c, body, user }) => {
      const run = await chat.prepare(user, body);
      if (!body.stream) {
        let content = "";
        const { usage, finishReason } = await run.run({ text: (d) => (content += d), block: () => {} }, c.req.raw.signal);
        return c.json(completionResponse(run, content, usage, finishReason));
      }
      return streamSSE(c, async (stream) => {
        const controller = new AbortController();
        stream.onAbort(() => controller.abort(new Error("client disconnected")));
        // Emitters are synchronous; writes are chained so chunks keep their order.
        let writes = Promise.resolve();
        const send = (chunk: ChatChunk | "[DONE]") => {
          writes = writes.then(() => (stream.aborted ? undefined : stream.writeSSE({ data: chunk === "[DONE]" ? chunk : JSON.stringify(chunk) })));
        };
        const chunk = (delta: ChatChunk["choices"][0]["delta"], extra: Partial<ChatChunk> = {}, finish: string | null = null) => send(completionChunk(run, delta, finish, extra));
        chunk({ role: "assistant", content: "" });
        try {
          const { usage, finishReason } = await run.run({ text: (d) => chunk({ content: d }), block: (meta) => chunk({ content: "" }, { block_metadata: meta }) }, controller.signal);
          chunk({}, { usage: usageFields(usage) }, finishReason);
        } catch (error) {
          if (controller.signal.aborted) {
            logger.info({ chat: run.id }, "chat stream stopped: client disconnected");
            return;
          }
          logger.warn({ err: error, chat: run.id }, "chat failed mid-stream");
          // Headers are sent: the error goes into the stream, as text the client can show.
          chunk({ content: `\n\n[error] ${error instanceof Error ? error.message : "the answer failed"}` }, {}, "error");
        }
        send("[DONE]");
        await writes;
      });
    },
  );
}
