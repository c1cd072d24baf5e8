import { Layers, Plus } from "lucide-react";
import { data, Link, Outlet, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import type { Route } from "./+types/segments";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { newGroup } from "#app/components/segments/filter-builder/draft.ts";
import { FilterBuilder, PREVIEW_URL } from "#app/components/segments/filter-builder/filter-builder.tsx";
import { readBuilderForm } from "#app/components/segments/filter-builder/read-form.ts";
import { SegmentCard } from "#app/components/segments/segment-card.tsx";
import { SegmentTabs } from "#app/components/segments/segment-tabs.tsx";
import { parseSegmentTab, segmentsPath } from "#app/components/segments/segment-tabs-config.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { KeysetPager } from "#app/components/keyset-pager.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { describeCountAge } from "#app/lib/count-age.ts";
import { firstPageHref, readPageRequest } from "#app/lib/page-cursor.ts";
import { getDb } from "#db/database.ts";
import { isAppError } from "#server/errors.ts";
import { sessionContext } from "#app/http/context.ts";
import { mapRefusals } from "#app/http/map-refusals.ts";
import { requireAccess } from "#app/http/access.ts";
import { startOverOnStaleCursor } from "#app/http/stale-cursor.ts";
import { flashToasts } from "#app/http/toast.ts";
import { loadBuilderData, previewDraft, saveDraft } from "#server/segments/filter/builder.ts";
import { draftFromFilter } from "#server/segments/filter/form.ts";
import { storedFilter } from "#server/segments/filter/references.ts";
import { findSegmentFilter } from "#server/segments/filter-segments.ts";
import { findSegment } from "#server/segments/find-segment.ts";
import { listSegments } from "#server/segments/segments.ts";
import { useAbility } from "#app/components/dashboard/use-ability.ts";

export const meta: Route.MetaFunction = () => [{ title: "Segments · Murmur" }];

const DESCRIPTION = "Groups of contacts to send to, built from a list, from filters or from a prompt.";
const STALE_PAGE_LINK = "That page link is no longer valid, so the list starts from the first page.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { team } = context.get(sessionContext);
  const url = new URL(request.url);
  const at = readPageRequest(url.searchParams);
  const reading = listSegments(getDb(), { teamId: team.id, ...at });
  const [page, filterTab] = await Promise.all([
    startOverOnStaleCursor(reading, { firstPage: firstPageHref(url), message: STALE_PAGE_LINK }),
    parseSegmentTab(url.searchParams.get("tab")) === "filters"
      ? loadFilterTab(team.id, url.searchParams.get("segment"))
      : null,
  ]);
  const now = new Date();
  return {
    segments: page.rows.map(({ id, name, kind, contactCount, countedAt }) => ({
      id,
      name,
      kind,
      contactCount,
      countAge: countedAt ? describeCountAge(countedAt, now) : null,
    })),
    firstPage: !at.after && !at.before,
    previousCursor: page.previousCursor,
    nextCursor: page.nextCursor,
    filterTab,
  };
}

// The builder, empty or reopened on one of the team's filter segments with its count.
async function loadFilterTab(teamId: string, segmentId: string | null) {
  const db = getDb();
  const found = segmentId ? await findSegment(db, { teamId, segmentId }) : undefined;
  const tree =
    found?.kind === "filter" ? storedFilter(await findSegmentFilter(db, { teamId, segmentId: found.id })) : null;
  const segment = found && tree ? { id: found.id, name: found.name } : undefined;
  const draft = tree ? draftFromFilter(tree) : newGroup();
  const checked = segment
    ? await previewDraft(db, { teamId, draft, selfId: segment.id })
    : { preview: null, problem: null };
  return {
    data: await loadBuilderData(db, { teamId }),
    segment,
    state: { draft, name: segment?.name ?? "", errors: {}, preview: checked.preview, problem: checked.problem },
  };
}

/**
 * The Event Filter builder's posts without JavaScript (with it, only Save comes
 * here): Preview counts the tree, Add and Remove edit it, Save stores it.
 */
export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  // The builder only makes and changes segments: a Viewer has none.
  const access = requireAccess(context.get(sessionContext), "segments.write");
  const { intent, name, draft } = readBuilderForm(await request.formData());
  const segmentId = new URL(request.url).searchParams.get("segment") || undefined;
  const unchecked = { draft, name, errors: {}, preview: null, problem: null };
  if (intent.kind === "save") {
    try {
      const saved = await saveDraft(getDb(), { access, name, draft, segmentId });
      const description = saved.created ? "Segment created successfully" : "Segment updated successfully";
      const toast = await flashToasts({ type: "success", title: "Success", description });
      return redirect(segmentsPath("filters"), { headers: { "Set-Cookie": toast } });
    } catch (error) {
      if (!isAppError(error)) throw error;
      const builder = { ...unchecked, errors: error.fields ?? {}, problem: error.fields ? null : error.message };
      return data(
        { builder, toasts: [{ type: "error" as const, title: "Error", description: error.message }] },
        { status: error.status },
      );
    }
  }
  if (intent.kind !== "preview") return { builder: unchecked, toasts: [] };
  const checked = await previewDraft(getDb(), { teamId: access.teamId, draft, selfId: segmentId });
  return data({ builder: { ...unchecked, ...checked }, toasts: [] }, { status: checked.preview ? 200 : 400 });
});

// The list does not depend on the tab, so switching tabs need not read it again, except
// into the Event Filter tab, which loads its builder (and counts the segment it reopens),
// and except a move to another page of the list.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const builderNeeded =
    nextUrl.searchParams.get("tab") === "filters" &&
    (currentUrl.searchParams.get("tab") !== "filters" ||
      currentUrl.searchParams.get("segment") !== nextUrl.searchParams.get("segment"));
  const pageMoved = ["after", "before"].some(
    (name) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name),
  );
  if (
    !formMethod &&
    !builderNeeded &&
    !pageMoved &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search
  )
    return false;
  return defaultShouldRevalidate;
}

export default function Segments({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const tab = parseSegmentTab(searchParams.get("tab"));
  const { segments, filterTab, firstPage } = loaderData;
  const editing = filterTab?.segment;
  const write = useAbility("segments.write");
  const builderState = actionData?.builder ?? filterTab?.state;
  const query: Record<string, string> = editing ? { segment: editing.id } : {};

  return (
    <>
      <PageHeader
        title="Segments"
        description={DESCRIPTION}
        actions={
          write.allowed ? (
            <Button asChild>
              <Link to={segmentsPath(tab, "new")} preventScrollReset>
                <Plus aria-hidden="true" />
                Create Segment
              </Link>
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{write.reason}</p>
          )
        }
      />
      {/* The open dialog route: a modal with JavaScript, a card here above the list without it. */}
      <Outlet />
      {write.allowed ? (
        <Card className="mb-8 p-4 md:p-6">
          <SegmentTabs
            active={tab}
            filters={
              filterTab && builderState ? (
                <FilterBuilder
                  // A new answer from the server (a preview, an edit without JavaScript) starts the form afresh from it.
                  key={actionData ? JSON.stringify(actionData.builder.draft) : (editing?.id ?? "new")}
                  action={segmentsPath("filters", "", query)}
                  previewUrl={`${PREVIEW_URL}${editing ? `?segment=${editing.id}` : ""}`}
                  state={builderState}
                  data={filterTab.data}
                  segment={editing}
                />
              ) : null
            }
          />
          <Toasts toasts={actionData?.toasts} />
        </Card>
      ) : null}
      <section aria-labelledby="segment-list-heading" className="flex flex-col gap-4">
        <h2 id="segment-list-heading" className="text-lg font-semibold">
          Your segments
        </h2>
        {segments.length === 0 && firstPage ? (
          <EmptyState icon={Layers} title="No segments yet. Create your first segment to get started." />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {segments.map((segment) => (
              <li key={segment.id}>
                <SegmentCard segment={segment} tab={tab} />
              </li>
            ))}
          </ul>
        )}
        <KeysetPager page={loaderData} label="segments" />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <PageHeader title="Segments" description={DESCRIPTION} />
      <div className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 px-6 py-10 text-center">
        <p role="alert" className="font-medium text-destructive">
          Failed to load segments.
        </p>
        <Button variant="outline" asChild>
          <Link to="/dashboard/segments" reloadDocument>
            Try again
          </Link>
        </Button>
      </div>
    </>
  );
}
