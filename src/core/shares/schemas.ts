/** The share and teamspace concepts, once: request bodies and returned records. */
import { z } from "zod";
import { nameText } from "../schemas/common.ts";

export const shareBody = z
  .object({
    doc_id: z.string().min(1).max(200).optional(),
    folder_id: z.string().min(1).max(200).optional(),
    with_user: z.string().min(1).max(200).optional().describe("Name of the user to share with"),
    official: z.boolean().optional().describe("Publish as an official share anyone can follow (instead of with_user)"),
  })
  .refine((b) => (b.doc_id === undefined) !== (b.folder_id === undefined), { message: "Give exactly one of doc_id or folder_id", path: ["doc_id"] })
  .refine((b) => (b.with_user !== undefined) !== (b.official === true), { message: "Give exactly one of with_user or official: true", path: ["with_user"] });
export type ShareBody = z.output<typeof shareBody>;

export const shareIdParams = z.object({ share_id: z.string().min(1).max(200) });

export const shareResponse = z.object({
  id: z.string(),
  target_type: z.enum(["document", "folder"]),
  target_id: z.string(),
  target_name: z.string(),
  kind: z.enum(["user", "official"]),
  owner: z.string().describe("Name of the sharing user"),
  shared_with: z.string().nullable().describe("Name of the user shared with; null for official shares"),
  following: z.boolean().describe("Whether the caller follows it (official shares)"),
  createdAt: z.string(),
});
export type ShareResponse = z.infer<typeof shareResponse>;

export const shareListResponse = z.object({
  given: z.array(shareResponse).describe("Shares the caller made"),
  received: z.array(shareResponse).describe("Shares made with the caller (folder_id=shared-with-me)"),
  following: z.array(shareResponse).describe("Official shares the caller follows (folder_id=following)"),
});

export const teamspaceBody = z.object({
  name: nameText("Teamspace name"),
  members: z.array(z.string().min(1).max(200)).max(1000).optional().describe("User names to add besides the creator"),
});
export const teamspaceMemberBody = z.object({ user: z.string().min(1).max(200) });
export const teamspaceIdParams = z.object({ teamspace_id: z.string().min(1).max(200) });
export const teamspaceMemberParams = teamspaceIdParams.extend({ user: z.string().min(1).max(200) });

export const teamspaceResponse = z.object({ id: z.string(), name: z.string(), members: z.array(z.string()), createdAt: z.string() });
export type TeamspaceResponse = z.infer<typeof teamspaceResponse>;
