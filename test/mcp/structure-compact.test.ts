import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { indexFile, startServices } from "../helpers/indexed.ts";
import { connectInMemory, ok } from "./harness.ts";

type Node = { node_id: string; nodes?: Node[]; hidden_children?: number };
const depth = (nodes: Node[] | undefined): number => (nodes?.length ? 1 + Math.max(...nodes.map((n) => depth(n.nodes))) : 0);
const count = (nodes: Node[] | undefined): number => (nodes ?? []).reduce((s, n) => s + 1 + count(n.nodes), 0);

describe("get_document_structure on a large tree", () => {
  let env: Awaited<ReturnType<typeof startServices>>;
  let client: Client;
  let docId: string;

  beforeAll(async () => {
    env = await startServices();
    const user = await env.services.users.ensureUser("local");
    docId = (await indexFile(env.services, user, "test/fixtures/pdf/R-intro.pdf")).id;
    client = await connectInMemory({ services: env.services, user });
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await env?.close();
  });

  it("shows two levels by default, deeper sections counted, and everything with full=true", async () => {
    const full = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId, full: true } }));
    expect(full.node_count).toBeGreaterThan(60);
    expect(depth(full.structure)).toBeGreaterThan(2);
    const compact = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId } }));
    expect(depth(compact.structure)).toBe(2);
    const hidden = JSON.stringify(compact.structure).match(/"hidden_children":\d+/g) ?? [];
    expect(hidden.length).toBeGreaterThan(0);
    expect(compact.note).toMatch(/node_id to expand/);
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(full).length * 0.8);
    // Every section is either shown or counted under a shown parent.
    const counted = (nodes: Node[]): number => nodes.reduce((s, n) => s + (n.hidden_children ?? 0) + counted(n.nodes ?? []), 0);
    expect(count(compact.structure) + counted(compact.structure)).toBeLessThanOrEqual(full.node_count);
    // A collapsed section expands by its node_id, to all its levels.
    const collapsed = (compact.structure as Node[]).flatMap((n) => [n, ...(n.nodes ?? [])]).find((n) => (n.hidden_children ?? 0) > 0)!;
    const expanded = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId, node_id: collapsed.node_id } }));
    expect(expanded.structure[0].node_id).toBe(collapsed.node_id);
    expect(expanded.structure[0].nodes.length).toBe(collapsed.hidden_children);
  });
});
