/**
 * Teamspaces: a named group of users sharing one space. With `teamspace_id`, a member acts
 * as the teamspace: the teamspace's id owns the folders, documents and schemas created
 * there, so every owner-scoped rule applies to the team's space unchanged. Non-members: 403.
 */
import type { ReadTx, Store, TeamspaceRecord, UserRecord } from "../../store/index.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { newId, nowIso } from "../ids.ts";
import type { TeamspaceResponse } from "./schemas.ts";

async function render(tx: ReadTx, t: TeamspaceRecord): Promise<TeamspaceResponse> {
  const members: string[] = [];
  for (const id of t.memberIds) members.push((await tx.users.get(id))?.name ?? id);
  return { id: t.id, name: t.name, members, createdAt: t.createdAt };
}

async function usersNamed(tx: ReadTx, names: string[]): Promise<UserRecord[]> {
  const found: UserRecord[] = [];
  for (const name of names) {
    const [user] = await tx.users.find({ name }, { limit: 1 });
    if (!user) throw new NotFoundError(`User ${name} not found`);
    found.push(user);
  }
  return found;
}

async function memberOf(tx: ReadTx, user: UserRecord, teamspaceId: string): Promise<TeamspaceRecord> {
  const team = await tx.teamspaces.get(teamspaceId);
  if (!team || !team.memberIds.includes(user.id)) throw new ForbiddenError(`You are not a member of teamspace ${teamspaceId}`);
  return team;
}

export class TeamspaceService {
  constructor(private readonly store: Store) {}

  async create(user: UserRecord, name: string, memberNames: string[] = []): Promise<TeamspaceResponse> {
    return this.store.write(async (tx) => {
      const members = [user.id, ...(await usersNamed(tx, memberNames)).map((u) => u.id)];
      const team = await tx.teamspaces.insert({ id: newId("tms"), name, createdBy: user.id, memberIds: [...new Set(members)], createdAt: nowIso() });
      return render(tx, team);
    });
  }

  async list(user: UserRecord): Promise<TeamspaceResponse[]> {
    return this.store.read(async (tx) => {
      const out: TeamspaceResponse[] = [];
      // An array field equal to a value matches when it contains it (MongoDB semantics).
      for (const t of await tx.teamspaces.find({ memberIds: user.id }, { sort: [["createdAt", 1]] })) out.push(await render(tx, t));
      return out;
    });
  }

  async addMember(user: UserRecord, teamspaceId: string, memberName: string): Promise<TeamspaceResponse> {
    return this.store.write(async (tx) => {
      const team = await memberOf(tx, user, teamspaceId);
      const [member] = await usersNamed(tx, [memberName]);
      return render(tx, (await tx.teamspaces.update(team.id, { memberIds: [...new Set([...team.memberIds, member.id])] }))!);
    });
  }

  async removeMember(user: UserRecord, teamspaceId: string, memberName: string): Promise<TeamspaceResponse> {
    return this.store.write(async (tx) => {
      const team = await memberOf(tx, user, teamspaceId);
      const [member] = await usersNamed(tx, [memberName]);
      return render(tx, (await tx.teamspaces.update(team.id, { memberIds: team.memberIds.filter((id) => id !== member.id) }))!);
    });
  }

  /** The principal a request runs as: the teamspace itself for a member, else 403. */
  async actingAs(user: UserRecord, teamspaceId: string): Promise<UserRecord> {
    return this.store.read(async (tx) => {
      const team = await memberOf(tx, user, teamspaceId);
      return { id: team.id, name: `teamspace:${team.name}`, createdAt: team.createdAt };
    });
  }
}
