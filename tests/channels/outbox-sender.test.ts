import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { createOutboxSender, OUTBOX_INSERT_ROWS } from "#server/channels/outbox-sender.ts";
import type { OutgoingMessage } from "#server/channels/types.ts";
import { createUser } from "../factories.ts";
import { outgoing } from "./messages.ts";

const email = { channel: "EMAIL" as const, subject: "Your order", html: "<p>Thanks</p>", text: "Thanks", headers: {} };

function toTeam(teamId: string, to: string): OutgoingMessage {
  return { ...outgoing(to, email), teamId, campaignId: null as never };
}

async function storedFor(teamId: string) {
  return getDb()
    .selectFrom("outboxMessages")
    .select(["id", "toAddress", "summary"])
    .where("teamId", "=", teamId)
    .orderBy("toAddress")
    .execute();
}

describe("the built-in outbox", () => {
  test("messages handed over together are each stored and answered with their own row", async () => {
    const { teamId } = await createUser();
    const sender = createOutboxSender(getDb(), "EMAIL");
    const addresses = ["ada@example.test", "grace@example.test", "linus@example.test"];
    const outcomes = await Promise.all(addresses.map((to) => sender.send(toTeam(teamId, to))));

    const rows = await storedFor(teamId);
    expect(rows.map((row) => row.toAddress)).toEqual(addresses);
    expect(rows.every((row) => row.summary === "Your order")).toBe(true);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["sent", "sent", "sent"]);
    const answered = outcomes.map((outcome) => (outcome.status === "sent" ? outcome.providerMessageId : null));
    expect(new Set(answered)).toEqual(new Set(rows.map((row) => row.id)));
  });

  test("a message the database refuses fails alone; the others of its group are stored", async () => {
    const { teamId } = await createUser();
    const sender = createOutboxSender(getDb(), "EMAIL");
    const [first, refused, last] = await Promise.all([
      sender.send(toTeam(teamId, "ada@example.test")),
      // No such team: the foreign key refuses the row, and with it the group's insert.
      sender.send(toTeam(randomUUID(), "nobody@example.test")),
      sender.send(toTeam(teamId, "linus@example.test")),
    ]);

    expect(first?.status).toBe("sent");
    expect(last?.status).toBe("sent");
    expect(refused).toMatchObject({ status: "failed", permanent: false });
    expect(refused?.status === "failed" && refused.reason).toMatch(/^Outbox unavailable: /);
    expect((await storedFor(teamId)).map((row) => row.toAddress)).toEqual(["ada@example.test", "linus@example.test"]);
  });

  test("a group larger than one insert takes is stored whole", async () => {
    const { teamId } = await createUser();
    const sender = createOutboxSender(getDb(), "EMAIL");
    const count = OUTBOX_INSERT_ROWS + 3;
    const outcomes = await Promise.all(
      Array.from({ length: count }, (_, index) => sender.send(toTeam(teamId, `person.${index}@example.test`))),
    );

    expect(outcomes.filter((outcome) => outcome.status === "sent")).toHaveLength(count);
    expect(await storedFor(teamId)).toHaveLength(count);
  });
});
