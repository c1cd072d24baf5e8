import { describe, expect, it } from "vitest";
import { authorize, can, forbiddenMessage } from "#server/teams/permissions.ts";

describe("team permissions", () => {
  it("lets a Viewer read but change nothing", () => {
    expect(can("viewer", "team.read")).toBe(true);
    expect(can("viewer", "campaigns.send")).toBe(false);
    expect(can("viewer", "api-keys.read")).toBe(false);
  });

  it("lets a Marketer send campaigns but not manage members or channels", () => {
    expect(can("marketer", "campaigns.send")).toBe(true);
    expect(can("marketer", "members.manage")).toBe(false);
    expect(can("marketer", "channels.manage")).toBe(false);
  });

  it("keeps deleting the team and managing owners to Owners", () => {
    expect(can("admin", "members.manage")).toBe(true);
    expect(can("admin", "owners.manage")).toBe(false);
    expect(can("admin", "team.delete")).toBe(false);
    expect(can("owner", "team.delete")).toBe(true);
  });

  it("answers a 403 naming the role and what it cannot do", () => {
    expect(forbiddenMessage("admin", "team.delete")).toBe("An Admin cannot delete the team.");
    let thrown: unknown;
    try {
      authorize({ teamId: "t", role: "viewer", actor: { kind: "person", userId: "u" } }, "campaigns.send");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 403, message: "A Viewer cannot schedule or send campaigns." });
  });
});
