/** The ZIP import result (HTTP 202), once. */
import { z } from "zod";

export const zipImportResult = z.object({
  root_folder_id: z.string().describe("Folder created for the archive (named after it)"),
  items: z.array(z.object({ path: z.string(), folder_id: z.string(), file_name: z.string(), doc_id: z.string(), status: z.literal("queued") })),
  skipped: z.array(z.object({ path: z.string(), reason: z.literal("unsupported_format") })),
  failed: z.array(z.object({ path: z.string().describe("Entry path, or * for the archive as a whole"), reason: z.string().describe("Machine-readable code"), detail: z.string() })),
});
export type ZipImportResult = z.infer<typeof zipImportResult>;
