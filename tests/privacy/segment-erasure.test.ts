import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { createDatabase, getDb } from "#db/database.ts";
import { eraseNextBatch, runSegmentErasure } from "#server/privacy/segment-erasure-batches.ts";
import { createFilterSegment } from "#server/segments/filter-segments.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { addContacts, sendQueues, staticSegment } from "../delivery/fixtures.ts";
import { signedIn, teamWithRoles } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";
import { funnelOf, placesHolding, teamWithTrackedPerson } from "./fixtures.ts";
import { erasureNotifications, postErasure, progressOf, remainingContacts } from "./segment-erasure-fixtures.ts";

const queues = sendQueues();

describe("erasing a segment's contacts", () => {
  test("the API starts it (202), the worker erases each member by the one-contact path, and progress counts up", async () => {
    const { team, token, person, campaignId, neighbourId } = await teamWithTrackedPerson(queues);
    const [outsider] = await addContacts(team.teamId, [{ email: "stays@murmur.test" }]);
    const segmentId = await getDb()
      .selectFrom("segmentMembers")
      .select("segmentId")
      .where("contactId", "=", person.id)
      .executeTakeFirstOrThrow();
    const figuresBefore = await funnelOf(token, campaignId);

    const started = await postErasure(token, segmentId.segmentId, { confirm: "Segment" }, "trace-erase-1");
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ status: "running", total: 2, erased: 0, alreadyGone: 0 });
    const erasureId = started.body.data.id as string;
    expect((await progressOf(token, erasureId)).body.data).toMatchObject({ status: "running", total: 2, erased: 0 });

    // One contact a batch: after the first, the progress says one of two.
    await eraseNextBatch(getDb(), { erasureId, batchSize: 1 });
    expect((await progressOf(token, erasureId)).body.data).toMatchObject({ status: "running", total: 2, erased: 1 });
    await runSegmentErasure(getDb(), { erasureId, batchSize: 1 });
    const done = await progressOf(token, erasureId);
    expect(done.body.data).toMatchObject({ status: "completed", total: 2, erased: 2, alreadyGone: 0 });
    expect(done.body.data.finishedAt).toEqual(expect.any(String));

    expect(await remainingContacts(team.teamId, [person.id, neighbourId, outsider!])).toEqual([outsider]);
    // Erased as one contact is: nothing names the person but the hashes of their addresses.
    for (const needle of [person.id, person.email, person.phone, person.userId, person.anonymousId]) {
      const left = (await placesHolding(needle)).filter((place) => place !== "erased_addresses.address_hash");
      expect({ needle, left }).toEqual({ needle, left: [] });
    }
    expect(await funnelOf(token, campaignId)).toEqual(figuresBefore);
    expect(await erasureNotifications(team.teamId)).toEqual([
      {
        userId: team.userId,
        title: "The contacts of Segment were erased",
        body: "2 contacts erased.",
        linkPath: `/dashboard/segments/erasures/${erasureId}`,
      },
    ]);
    const audit = await getDb()
      .selectFrom("auditLog")
      .select(["action", "actorUserId", "targetId", "targetLabel", "details"])
      .where("teamId", "=", team.teamId)
      .where("action", "in", ["segment.contacts-erased", "contact.erased"])
      .execute();
    expect(audit).toEqual([
      {
        action: "segment.contacts-erased",
        actorUserId: team.userId,
        targetId: segmentId.segmentId,
        targetLabel: "Segment",
        details: { contacts: 2, erasureId },
      },
    ]);
  });

  test("a worker that dies after a batch: the next run carries on, and each contact is erased and counted once", async () => {
    const user = await signedIn();
    const ids = await addContacts(
      user.teamId,
      Array.from({ length: 7 }, () => ({})),
    );
    const segmentId = await staticSegment(user.teamId, ids, "Churned");
    const { body } = await postErasure(user.token, segmentId, { confirm: "Churned" });
    const erasureId = body.data.id as string;

    // The first worker commits one batch of three, then is killed before it finishes the job.
    expect(await eraseNextBatch(getDb(), { erasureId, batchSize: 3 })).toBe(3);
    expect(await remainingContacts(user.teamId, ids)).toHaveLength(4);

    // The retried job, and a second worker that picked up the same erasure, at once.
    await Promise.all([
      runSegmentErasure(getDb(), { erasureId, batchSize: 2 }),
      runSegmentErasure(getDb(), { erasureId, batchSize: 2 }),
    ]);
    const { body: progress } = await progressOf(user.token, erasureId);
    // A contact erased twice would have counted as "already gone" the second time.
    expect(progress.data).toMatchObject({ status: "completed", total: 7, erased: 7, alreadyGone: 0 });
    expect(await remainingContacts(user.teamId, ids)).toEqual([]);
    expect(await erasureNotifications(user.teamId)).toHaveLength(1);
    // Run again after the end: nothing more happens.
    await runSegmentErasure(getDb(), { erasureId, batchSize: 2 });
    expect((await progressOf(user.token, erasureId)).body.data).toMatchObject({ erased: 7, alreadyGone: 0 });
    expect(await erasureNotifications(user.teamId)).toHaveLength(1);
  });

  test("a batch cut off in the middle of its transaction rolls back whole, and the retry erases it once", async () => {
    const user = await signedIn();
    const ids = (
      await addContacts(
        user.teamId,
        Array.from({ length: 5 }, () => ({})),
      )
    ).toSorted();
    const segmentId = await staticSegment(user.teamId, ids, "Halfway");
    const { body } = await postErasure(user.token, segmentId, { confirm: "Halfway" });
    const erasureId = body.data.id as string;

    // Someone holds the erasure's row, so the worker stops at the batch's last statement (the
    // counters), its contacts already deleted inside its transaction; that statement is then
    // cancelled, and the transaction rolls back as it would when the worker's connection dies.
    const holder = createDatabase(process.env.DATABASE_URL!, { max: 1 });
    const dying = createDatabase(process.env.DATABASE_URL!, { max: 1 });
    try {
      const held = holder.transaction().execute(async (trx) => {
        await trx.selectFrom("segmentErasures").select("id").where("id", "=", erasureId).forUpdate().execute();
        const batch = eraseNextBatch(dying, { erasureId, batchSize: 5 });
        const waiting = async () =>
          (
            await sql<{ pid: number }>`
              select pid from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()
            `.execute(getDb())
          ).rows;
        await expect.poll(waiting, { timeout: 10_000 }).toHaveLength(1);
        const [{ pid }] = (await waiting()) as [{ pid: number }];
        await sql`select pg_cancel_backend(${pid})`.execute(getDb());
        await expect(batch).rejects.toThrow("canceling statement due to user request");
      });
      await held;
    } finally {
      await holder.destroy();
      await dying.destroy();
    }
    expect(await remainingContacts(user.teamId, ids)).toEqual(ids);
    expect((await progressOf(user.token, erasureId)).body.data).toMatchObject({ erased: 0, alreadyGone: 0 });

    await runSegmentErasure(getDb(), { erasureId, batchSize: 5 });
    expect((await progressOf(user.token, erasureId)).body.data).toMatchObject({
      status: "completed",
      total: 5,
      erased: 5,
      alreadyGone: 0,
    });
    expect(await remainingContacts(user.teamId, ids)).toEqual([]);
  });

  test("a filter segment is evaluated once, at the start: a contact who matches later stays", async () => {
    const user = await signedIn();
    const early = await addContacts(user.teamId, [{ email: "a@snapshot.test" }, { email: "b@snapshot.test" }]);
    const [other] = await addContacts(user.teamId, [{ email: "c@elsewhere.test" }]);
    const segment = await createFilterSegment(getDb(), {
      access: await ownerAccess(user.teamId),
      name: "Snapshot people",
      filter: parseFilter({
        type: "group",
        combinator: "and",
        conditions: [{ type: "field", field: "email", operator: "contains", value: "@snapshot.test" }],
      }),
    });
    const { body } = await postErasure(user.token, segment.id, { confirm: "Snapshot people" });
    expect(body.data).toMatchObject({ total: 2, segmentKind: "filter" });
    const [late] = await addContacts(user.teamId, [{ email: "late@snapshot.test" }]);
    // One of the snapshot erased another way before the worker reaches it.
    await getDb().deleteFrom("contacts").where("id", "=", early[1]!).execute();

    await runSegmentErasure(getDb(), { erasureId: body.data.id });
    expect((await progressOf(user.token, body.data.id)).body.data).toMatchObject({
      status: "completed",
      total: 2,
      erased: 1,
      alreadyGone: 1,
    });
    expect(await remainingContacts(user.teamId, [...early, other!, late!])).toEqual([other, late].toSorted());
    expect((await erasureNotifications(user.teamId))[0]!.body).toBe("1 contact erased; 1 were gone already.");
  });
});

describe("who may erase a segment's contacts", () => {
  test("an Admin may; a Marketer and a Viewer get 403 and nothing starts", async () => {
    const { teamId, members } = await teamWithRoles();
    const segmentId = await staticSegment(teamId, await addContacts(teamId, [{}]), "Leads");
    for (const role of ["marketer", "viewer"] as const) {
      const refused = await postErasure(members[role].token, segmentId, { confirm: "Leads" });
      expect(refused).toEqual({
        status: 403,
        body: { message: `A ${role === "viewer" ? "Viewer" : "Marketer"} cannot erase a segment's contacts.` },
      });
    }
    expect(await getDb().selectFrom("segmentErasures").select("id").where("teamId", "=", teamId).execute()).toEqual([]);
    const allowed = await postErasure(members.admin.token, segmentId, { confirm: "Leads" });
    expect(allowed.status).toBe(202);
    // The progress is anyone's in the team to follow.
    expect((await progressOf(members.viewer.token, allowed.body.data.id)).status).toBe(200);
  });

  test("another team's segment and erasure are 404s, and nothing of theirs is erased", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const ids = await addContacts(owner.teamId, [{}, {}]);
    const segmentId = await staticSegment(owner.teamId, ids, "Mine");
    expect(await postErasure(stranger.token, segmentId, { confirm: "Mine" })).toEqual({
      status: 404,
      body: { message: "Segment not found." },
    });
    expect((await postErasure(stranger.token, "not-an-id", { confirm: "Mine" })).status).toBe(404);
    const { body } = await postErasure(owner.token, segmentId, { confirm: "Mine" });
    expect(await progressOf(stranger.token, body.data.id)).toEqual({
      status: 404,
      body: { message: "Erasure not found." },
    });
    expect(await remainingContacts(owner.teamId, ids)).toEqual(ids.toSorted());
  });

  test("the confirmation must be the segment's name; a second start while one runs is a 409", async () => {
    const user = await signedIn();
    const segmentId = await staticSegment(user.teamId, await addContacts(user.teamId, [{}]), "Trial users");
    const wrong = await postErasure(user.token, segmentId, { confirm: "trial" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ confirm: ["Type the segment's name, Trial users, to confirm"] });
    const missing = await postErasure(user.token, segmentId, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ confirm: ["Type the segment's name to confirm"] });
    expect((await postErasure(user.token, segmentId, { confirm: " Trial users " })).status).toBe(202);
    expect(await postErasure(user.token, segmentId, { confirm: "Trial users" })).toEqual({
      status: 409,
      body: { message: "This segment's contacts are being erased already." },
    });
  });
});
