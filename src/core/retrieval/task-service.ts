/**
 * Legacy retrieval tasks (`POST /retrieval`): created `processing`, answered at once with
 * the id, then completed in the background (lexical search, then reasoning search when a
 * model is configured) or `failed` with an error. The result is small and kept on the record.
 */
import { LlmOutputError, type LlmProvider } from "../../llm/index.ts";
import type { Logger } from "../../logger.ts";
import type { RetrievalTaskRecord, RetrievedNode, Store, UserRecord } from "../../store/index.ts";
import { NotFoundError } from "../errors.ts";
import { newId, nowIso } from "../ids.ts";
import type { LexicalIndex, ScoredPassage } from "./lexical-index.ts";
import { reasoningSearch } from "./reasoning.ts";
import type { RetrievalBody, RetrievalTaskResponse } from "./schemas.ts";
import type { SearchService } from "./search-service.ts";

/** A task still `processing` this long after creation, and not running here, was interrupted. */
const STALE_MS = 10 * 60_000;
const NODES_RETURNED = 5;
/** Ranked pages whose sections seed the model's outline of a large document. */
const CANDIDATE_PAGES = 20;
/** Ranked pages listed beside the nodes. */
const PAGES_RETURNED = 10;

export class RetrievalTaskService {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly search: SearchService,
    private readonly llm: LlmProvider,
    private readonly logger: Logger,
  ) {}

  /** 404 for an unknown document, 409 when it is not retrieval_ready. */
  async create(user: UserRecord, body: RetrievalBody): Promise<{ retrieval_id: string }> {
    const doc = await this.search.readyDocument(user, body.doc_id);
    const task: RetrievalTaskRecord = {
      id: newId("ret"), owner: user.id, docId: doc.id, query: body.query, thinking: body.thinking, status: "processing", createdAt: nowIso(),
    };
    await this.store.write((tx) => tx.retrievalTasks.insert(task));
    const run = this.run(user, task).finally(() => this.running.delete(task.id));
    this.running.set(task.id, run);
    return { retrieval_id: task.id };
  }

  async get(user: UserRecord, id: string): Promise<RetrievalTaskResponse> {
    const task = await this.store.read((tx) => tx.retrievalTasks.get(id));
    if (!task || task.owner !== user.id) throw new NotFoundError(`Retrieval task ${id} not found`);
    if (task.status === "processing" && !this.running.has(id) && Date.now() - Date.parse(task.createdAt) > STALE_MS) {
      return { retrieval_id: id, status: "failed", doc_id: task.docId, query: task.query, error: "The retrieval was interrupted (service restart); submit it again" };
    }
    return render(task);
  }

  /** Waits for tasks in flight (service shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private async run(user: UserRecord, task: RetrievalTaskRecord): Promise<void> {
    let patch: Partial<RetrievalTaskRecord>;
    try {
      const doc = await this.search.readyDocument(user, task.docId);
      const index = await this.search.cache.get(doc);
      // The lexical answer follows the page ranking (see LexicalIndex.answer).
      const result = index.answer(task.query, { limit: NODES_RETURNED });
      const pages = result.rankedPages.slice(0, PAGES_RETURNED);
      const lexical = () => result.nodes.map((n) => toRetrieved(index, n.node_id, n.passages));
      if (this.llm.available) {
        // A model that answers but not in the asked format is not a failure of the task: the
        // lexical matches are returned with a note. A model server that fails is (see catch).
        const outcome = await reasoningSearch(this.llm, index, task.query, { thinking: task.thinking, hint: result.nodes, docName: doc.name, candidates: candidateNodes(index, result) }).catch((error) => {
          if (error instanceof LlmOutputError) return error;
          throw error;
        });
        const nodes = outcome instanceof LlmOutputError ? [] : outcome.picks.map((pick) => toRetrieved(index, pick.node_id, index.passagesOf(pick.node_id, task.query), pick.reason));
        patch = nodes.length
          ? { method: "reasoning", retrievedNodes: nodes }
          : {
              method: "lexical",
              note: outcome instanceof LlmOutputError ? `${outcome.message}; these are the lexical matches` : "The model chose no valid section; these are the lexical matches",
              retrievedNodes: lexical(),
            };
      } else {
        patch = {
          method: "lexical",
          note: task.thinking ? "No language model is configured: thinking was accepted, the search was lexical" : "No language model is configured: the search was lexical",
          retrievedNodes: lexical(),
        };
      }
      if (pages.length) patch.pages = pages;
      patch.status = "completed";
    } catch (error) {
      this.logger.warn({ err: error, retrieval_id: task.id }, "retrieval failed");
      patch = { status: "failed", error: `Retrieval failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    patch.finishedAt = nowIso();
    await this.store.write((tx) => tx.retrievalTasks.update(task.id, patch));
  }
}

/** Nodes worth showing a model for a tree too large for one prompt: the answer's nodes, then those of the next ranked pages. */
function candidateNodes(index: LexicalIndex, result: ReturnType<LexicalIndex["answer"]>): string[] {
  const ids = result.nodes.map((n) => n.node_id);
  for (const page of result.rankedPages.slice(0, CANDIDATE_PAGES)) {
    const node = index.nodeOfPage(page.page);
    if (node && !ids.includes(node)) ids.push(node);
  }
  return ids;
}

function toRetrieved(index: LexicalIndex, nodeId: string, passages: ScoredPassage[], reason?: string): RetrievedNode {
  const node = index.findNode(nodeId);
  const out: RetrievedNode = {
    title: node?.title ?? "",
    node_id: nodeId,
    relevant_contents: passages.map((p) => ({ relevant_content: p.text, page_index: p.page, ...(p.line !== undefined ? { line_num: p.line } : {}) })),
  };
  if (reason) out.reason = reason;
  return out;
}

function render(task: RetrievalTaskRecord): RetrievalTaskResponse {
  if (task.status === "processing") return { retrieval_id: task.id, status: "processing" };
  if (task.status === "failed") return { retrieval_id: task.id, status: "failed", doc_id: task.docId, query: task.query, error: task.error ?? "Retrieval failed" };
  const out: RetrievalTaskResponse = {
    retrieval_id: task.id,
    doc_id: task.docId,
    status: "completed",
    query: task.query,
    thinking: task.thinking,
    retrieval_method: task.method ?? "lexical",
    retrieved_nodes: (task.retrievedNodes ?? []).map((n) => ({
      ...n,
      relevant_contents: n.relevant_contents.map((c) => ({ ...c, physical_index: c.page_index })),
    })),
  };
  if (task.pages?.length) out.pages = task.pages;
  if (task.note) out.note = task.note;
  return out;
}
