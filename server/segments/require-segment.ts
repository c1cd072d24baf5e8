import { data, type RouterContextProvider } from "react-router";
import { getDb } from "../../db/database.ts";
import { sessionContext } from "../../app/http/context.ts";
import { findSegment } from "./find-segment.ts";

/**
 * For the segment dialog routes: the signed-in team and its segment, or a 404
 * page when the id is malformed, unknown or another team's.
 */
export async function requireTeamSegment(context: Readonly<RouterContextProvider>, segmentId: string | undefined) {
  const { team } = context.get(sessionContext);
  const segment = await findSegment(getDb(), { teamId: team.id, segmentId: segmentId ?? "" });
  if (!segment) throw data("Segment not found.", { status: 404 });
  return { team, segment };
}
