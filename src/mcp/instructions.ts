/** What the server tells the client's model about working with treeindex (sent on initialize). */
export const SERVER_INSTRUCTIONS = `treeindex indexes the user's PDF and Markdown documents into section trees (titles, node ids, page ranges) and lets you read them piece by piece.

How to work:
1. Find the document: recent_documents (newest first) or find_relevant_documents (by name, description and content). Documents are addressed by doc_id; a unique doc_name also works.
2. A new file: process_document with its absolute path (it must be under the folders the user allowed). It returns at once; call get_document with wait_for_completion=true until status is completed.
3. For a specific fact (a figure, a date, a clause), search first: search_documents with the question's words returns the matching passages and the pages to open, best first; then get_page_content on those few pages (next_steps names them).
4. For an overview, or when search finds nothing, read the structure: get_document_structure gives a compact outline (two levels of a big document; pass a node_id to expand a section; full=true for everything). It has no text: choose sections by title and page range, then get_page_content with tight ranges ("12-14", "3,7") or get_node_content with node ids. Answers are capped in size; a capped answer says what to ask for next.
5. Answer from what you read and cite pages, e.g. (p. 12) or (pp. 12-14). For Markdown cite section titles.

Every result carries next_steps {summary, options}. Errors come back as {error, errorCode, next_steps} with codes NOT_FOUND, INVALID_INPUT, NOT_READY, CONFLICT, FORBIDDEN_PATH: follow next_steps to recover. remove_document and delete_folder cannot be undone: confirm with the user first.`;
