/**
 * Teamspaces: a named group of users sharing one space. With `teamspace_id`, a member acts
 * as the teamspace: the teamspace's id owns the folders, documents and schemas created
 * there, so every owner-scoped rule applies to the team's space unchanged. Non-members: 403.
 */
import type { ReadTx, Store, TeamspaceRecord, UserRecord } from "../../store/index.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { newId, nowIso } from "../ids.ts";
import type { TeamspaceResponse } from "./schemas.ts";

function render(tx: ReadTx, t: TeamspaceRecord): TeamspaceResponse {
  return { id: t.id, name: t.name, members: t.memberIds.map((id) => tx.users.get(id)?.name ?? id), createdAt: t.createdAt };
}

function usersNamed(tx: ReadTx, names: string[]): UserRecord[] {
  return names.map((name) => {
    const found = tx.users.list((u) => u.name === name)[0];
    if (!found) throw new NotFoundError(`User ${name} not found`);
    return found;
  });
}

function memberOf(tx: ReadTx, user: UserRecord, teamspaceId: string): TeamspaceRecord {
  const team = tx.teamspaces.get(teamspaceId);
  if (!team || !team.memberIds.includes(user.id)) throw new ForbiddenError(`You are not a member of teamspace ${teamspaceId}`);
  return team;
}

export class TeamspaceService {
  constructor(private readonly store: Store) {}

  async create(user: UserRecord, name: string, memberNames: string[] = []): Promise<TeamspaceResponse> {
    return this.store.write((tx) => {
      const members = [user.id, ...usersNamed(tx, memberNames).map((u) => u.id)];
      const team = tx.teamspaces.insert({ id: newId("tms"), name, createdBy: user.id, memberIds: [...new Set(members)], createdAt: nowIso() });
      return render(tx, team);
    });
  }

  async list(user: UserRecord): Promise<TeamspaceResponse[]> {
    return this.store.read((tx) => tx.teamspaces.list((t) => t.memberIds.includes(user.id)).map((t) => render(tx, t)));
  }

  async addMember(user: UserRecord, teamspaceId: string, memberName: string): Promise<TeamspaceResponse> {
    return this.store.write((tx) => {
      const team = memberOf(tx, user, teamspaceId);
      const [member] = usersNamed(tx, [memberName]);
      return render(tx, tx.teamspaces.update(team.id, { memberIds: [...new Set([...team.memberIds, member.id])] })!);
    });
  }

  async removeMember(user: UserRecord, teamspaceId: string, memberName: string): Promise<TeamspaceResponse> {
    return this.store.write((tx) => {
      const team = memberOf(tx, user, teamspaceId);
      const [member] = usersNamed(tx, [memberName]);
      return render(tx, tx.teamspaces.update(team.id, { memberIds: team.memberIds.filter((id) => id !== member.id) })!);
    });
  }

  /** The principal a request runs as: the teamspace itself for a member, else 403. */
  async actingAs(user: UserRecord, teamspaceId: string): Promise<UserRecord> {
    return this.store.read((tx) => {
      const team = memberOf(tx, user, teamspaceId);
      return { id: team.id, name: `teamspace:${team.name}`, createdAt: team.createdAt };
    });
  }
}
