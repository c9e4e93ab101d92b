/**
 * What the library index holds for one document, built from its catalogue record and its
 * stored tree and page texts: a unit per PDF page (titled by the sections on it), a unit
 * per section of a page-less document (Markdown), and the document's own fields.
 */
import { createHash } from "node:crypto";
import type { TreeNode } from "../../indexing/tree-types.ts";
import type { LibraryEntry, LibraryFields, LibraryUnit } from "../../store/library/types.ts";
import type { DocumentRecord, FolderRecord } from "../../store/index.ts";
import { flattenTree } from "../retrieval/passages.ts";
import { filingFacts, filingIdentity, filingWords } from "./filing-facts.ts";
import { libraryTerms } from "./terms.ts";

/** Pages read for a filing's cover facts. */
const COVER_PAGES = 3;
/** Units analysed between two yields to the event loop (a 1000-page manual takes a while). */
const UNITS_PER_TURN = 50;

/**
 * The version of what this file and terms.ts make of a document: raised when they change,
 * so every entry is rebuilt (at the next start) with the new analysis.
 */
const ENTRY_VERSION = 2;

/** Changes when the document's tree and pages change. */
export function contentStamp(doc: DocumentRecord): string {
  return `${ENTRY_VERSION}:${doc.indexedAt ?? doc.createdAt}`;
}

/** The folder names from the workspace down to the document's folder. */
export function folderPath(folders: Map<string, FolderRecord>, folderId: string | null): string[] {
  const names: string[] = [];
  for (let id = folderId, guard = 0; id && guard < 1000; guard++) {
    const folder = folders.get(id);
    if (!folder) break;
    names.unshift(folder.name);
    id = folder.parentFolderId;
  }
  return names;
}

/** Changes when any field the index holds for the document changes. */
export function fieldsStamp(doc: DocumentRecord, path: string[]): string {
  return createHash("sha1").update(JSON.stringify([ENTRY_VERSION, doc.name, doc.description, doc.metadata, path])).digest("base64url");
}

export function documentFields(doc: DocumentRecord, path: string[], pageTexts: string[] | null, tree: TreeNode[] | null): LibraryFields {
  const facts = pageTexts ? filingFacts(pageTexts.slice(0, COVER_PAGES)) : null;
  // The name without its extension, and the title the tree opens with when it has one root.
  const title = tree && tree.length === 1 ? tree[0].title : "";
  const name = [doc.name.replace(/\.[a-z0-9]{1,8}$/i, ""), title, facts ? filingIdentity(facts) : ""].join(" ");
  const about = [doc.description, metadataWords(doc.metadata), path.join(" "), facts ? filingWords(facts) : ""].join(" ");
  return { name: libraryTerms(name).join(" "), about: libraryTerms(about).join(" ") };
}

function metadataWords(metadata: Record<string, unknown>): string {
  const words: string[] = [];
  const walk = (value: unknown) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object") Object.values(value as Record<string, unknown>).forEach(walk);
    else words.push(String(value));
  };
  walk(metadata);
  return words.join(" ");
}

export async function buildEntry(doc: DocumentRecord, path: string[], tree: TreeNode[], pageTexts: string[] | null): Promise<LibraryEntry> {
  const units = pageTexts ? await pageUnits(tree, pageTexts) : await sectionUnits(tree);
  return {
    docId: doc.id,
    owner: doc.owner,
    contentStamp: contentStamp(doc),
    fieldsStamp: fieldsStamp(doc, path),
    fields: documentFields(doc, path, pageTexts, tree),
    units,
  };
}

/** PDF: one unit per page; its title holds the sections that start on it, or the one it lies in. */
async function pageUnits(tree: TreeNode[], pageTexts: string[]): Promise<LibraryUnit[]> {
  const nodes = flattenTree(tree);
  const starting: string[][] = pageTexts.map(() => []);
  for (const n of nodes) if (n.start_index && n.start_index <= pageTexts.length) starting[n.start_index - 1].push(n.title);
  const units: LibraryUnit[] = [];
  let current = "";
  for (let i = 0; i < pageTexts.length; i++) {
    if (starting[i].length) current = starting[i][starting[i].length - 1];
    const titles = starting[i].length ? starting[i].join(" ") : current;
    units.push({ kind: "page", ref: String(i + 1), title: libraryTerms(titles).join(" "), body: libraryTerms(pageTexts[i]).join(" ") });
    if (i % UNITS_PER_TURN === UNITS_PER_TURN - 1) await yieldToEventLoop();
  }
  return units;
}

/** Page-less documents: one unit per section, its title with its ancestors' (the path names the context). */
async function sectionUnits(tree: TreeNode[]): Promise<LibraryUnit[]> {
  const nodes = flattenTree(tree);
  const units: LibraryUnit[] = [];
  for (const n of nodes) {
    const titles = [n.title];
    for (let p = n.parent; p !== null; p = nodes[p].parent) titles.push(nodes[p].title);
    units.push({ kind: "section", ref: n.node_id, title: libraryTerms(titles.join(" ")).join(" "), body: libraryTerms(n.text).join(" ") });
    if (n.index % UNITS_PER_TURN === UNITS_PER_TURN - 1) await yieldToEventLoop();
  }
  return units;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
