/**
 * `POST /markdown`: a Markdown file in, its tree out (nothing stored). Thin: parse the form,
 * call MarkdownService.
 */
import { markdownFields, markdownTreeOptions, markdownTreeResponse } from "../../core/markdown/schemas.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

export function markdownRoutes(router: Router, { markdown }: Services): void {
  router.add(
    {
      method: "post", path: "/markdown", tag: "markdown", bodyKind: "multipart", body: markdownFields,
      summary: "Convert a Markdown file to a tree of sections (synchronous, nothing stored)",
      responses: {
        200: { description: "Markdown tree", schema: markdownTreeResponse },
        413: { description: "File over the synchronous size limit (use POST /doc)" },
      },
    },
    async ({ c, body }) => {
      const bytes = new Uint8Array(await body.file.arrayBuffer());
      return c.json(await markdown.toTree(body.file.name, bytes, markdownTreeOptions(body)));
    },
  );
}
