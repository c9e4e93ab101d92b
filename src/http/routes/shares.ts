/** Shares (with a user, or official + follow) and teamspaces. Thin adapters. */
import { z } from "zod";
import {
  shareBody,
  shareIdParams,
  shareListResponse,
  shareResponse,
  teamspaceBody,
  teamspaceIdParams,
  teamspaceMemberBody,
  teamspaceMemberParams,
  teamspaceResponse,
} from "../../core/shares/schemas.ts";
import type { Services } from "../../core/services.ts";
import type { Router } from "../route.ts";

export function shareRoutes(router: Router, { shares, teamspaces }: Services): void {
  const tag = "shares and teamspaces";
  router.add(
    {
      method: "post", path: "/shares", tag, body: shareBody,
      summary: "Share your document or folder with a user ({with_user}) or publish it as official ({official: true})",
      responses: { 200: { description: "The share (the existing one when repeated)", schema: shareResponse }, 404: { description: "Unknown document, folder or user" } },
    },
    async ({ c, body, user }) => c.json(await shares.share(user, body)),
  );
  router.add(
    { method: "get", path: "/shares", tag, summary: "Shares you made, received, and follow", responses: { 200: { description: "Shares", schema: shareListResponse } } },
    async ({ c, user }) => c.json(await shares.list(user)),
  );
  router.add(
    { method: "get", path: "/shares/official", tag, summary: "All official shares (to follow)", responses: { 200: { description: "Official shares", schema: z.object({ shares: z.array(shareResponse) }) } } },
    async ({ c, user }) => c.json({ shares: await shares.official(user) }),
  );
  router.add(
    {
      method: "delete", path: "/shares/{share_id}", tag, params: shareIdParams, summary: "Revoke a share you made (followers lose it too)",
      responses: { 200: { description: "Revoked", schema: z.object({ share_id: z.string(), revoked: z.literal(true) }) }, 404: { description: "Unknown share" } },
    },
    async ({ c, params, user }) => c.json(await shares.revoke(user, params.share_id)),
  );
  router.add(
    {
      method: "post", path: "/shares/{share_id}/follow", tag, params: shareIdParams, summary: "Follow an official share (listed with folder_id=following)",
      responses: { 200: { description: "The followed share", schema: shareResponse }, 404: { description: "Unknown official share" } },
    },
    async ({ c, params, user }) => c.json(await shares.follow(user, params.share_id)),
  );
  router.add(
    {
      method: "delete", path: "/shares/{share_id}/follow", tag, params: shareIdParams, summary: "Stop following an official share",
      responses: { 200: { description: "Unfollowed", schema: z.object({ share_id: z.string(), following: z.literal(false) }) }, 404: { description: "Not followed" } },
    },
    async ({ c, params, user }) => c.json(await shares.unfollow(user, params.share_id)),
  );

  router.add(
    {
      method: "post", path: "/teamspaces", tag, body: teamspaceBody, summary: "Create a teamspace (you are a member); members pass teamspace_id to act in it",
      responses: { 200: { description: "The teamspace", schema: teamspaceResponse }, 404: { description: "Unknown member name" } },
    },
    async ({ c, body, user }) => c.json(await teamspaces.create(user, body.name, body.members)),
  );
  router.add(
    { method: "get", path: "/teamspaces", tag, summary: "Teamspaces you are a member of", responses: { 200: { description: "Teamspaces", schema: z.object({ teamspaces: z.array(teamspaceResponse) }) } } },
    async ({ c, user }) => c.json({ teamspaces: await teamspaces.list(user) }),
  );
  router.add(
    {
      method: "post", path: "/teamspaces/{teamspace_id}/members", tag, params: teamspaceIdParams, body: teamspaceMemberBody, summary: "Add a member (members only)",
      responses: { 200: { description: "The teamspace", schema: teamspaceResponse }, 403: { description: "Not a member" }, 404: { description: "Unknown user" } },
    },
    async ({ c, params, body, user }) => c.json(await teamspaces.addMember(user, params.teamspace_id, body.user)),
  );
  router.add(
    {
      method: "delete", path: "/teamspaces/{teamspace_id}/members/{user}", tag, params: teamspaceMemberParams, summary: "Remove a member (members only)",
      responses: { 200: { description: "The teamspace", schema: teamspaceResponse }, 403: { description: "Not a member" }, 404: { description: "Unknown user" } },
    },
    async ({ c, params, user }) => c.json(await teamspaces.removeMember(user, params.teamspace_id, params.user)),
  );
}
