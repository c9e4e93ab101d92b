/** What the server tells the client's model about working with treeindex (sent on initialize). */
export const SERVER_INSTRUCTIONS = `treeindex indexes the user's PDF and Markdown documents into section trees (titles, node ids, page ranges) and lets you read them piece by piece.

How to work:
1. Find the document: recent_documents (newest first) or find_relevant_documents (by name, description and content). Documents are addressed by doc_id; a unique doc_name also works.
2. A new file: process_document with its absolute path (it must be under the folders the user allowed). It returns at once; call get_document with wait_for_completion=true until status is completed.
3. Read the structure first: get_document_structure (max_depth for an overview of a big document, node_id to expand one section, part for very large trees). It has no text: choose sections by title and page range.
4. Fetch only what you need: get_page_content with tight page ranges ("12-14", "3,7") or get_node_content with node ids. Answers are capped in size; a capped answer says what to ask for next. For a specific fact, search_documents finds the sections and pages that mention it.
5. Answer from what you read and cite pages, e.g. (p. 12) or (pp. 12-14). For Markdown cite section titles.

Every result carries next_steps {summary, options}. Errors come back as {error, errorCode, next_steps} with codes NOT_FOUND, INVALID_INPUT, NOT_READY, CONFLICT, FORBIDDEN_PATH: follow next_steps to recover. remove_document and delete_folder cannot be undone: confirm with the user first.`;
