import type * as React from "react";
import { Link } from "react-router";
import { SEGMENT_TABS, segmentsPath, type SegmentTab } from "./segment-tabs-config.ts";
import { AiPromptPanel } from "./ai-prompt/ai-prompt-panel.tsx";
import { CsvImportPanel } from "#app/components/csv-import/csv-import-panel.tsx";
import { cn } from "#app/lib/cn.ts";

const tabId = (tab: SegmentTab) => `segment-tab-${tab}`;
const PANEL_ID = "segment-tab-panel";

/**
 * The three ways to build a segment. Each tab is a link to `?tab=`, so the page
 * renders the chosen panel on the server and switching works without JavaScript.
 * The Event Filter panel is the page's (its builder needs the page's data).
 */
export function SegmentTabs({ active, filters }: { active: SegmentTab; filters?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label="Ways to build a segment"
        className="inline-flex w-fit flex-wrap gap-1 rounded-lg bg-muted p-1"
        onKeyDown={moveFocus}
      >
        {SEGMENT_TABS.map((tab) => (
          <Link
            key={tab.id}
            to={segmentsPath(tab.id)}
            preventScrollReset
            role="tab"
            id={tabId(tab.id)}
            aria-selected={tab.id === active}
            aria-controls={PANEL_ID}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              tab.id === active && "bg-background text-foreground shadow-sm",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(active)}>
        {active === "ai" ? <AiPromptPanel /> : null}
        {active === "filters" ? filters : null}
        {active === "csv" ? <CsvImportPanel /> : null}
      </div>
    </div>
  );
}

// Arrow keys move between tabs, as in any tab list; Enter then follows the link.
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const current = tabs.indexOf(document.activeElement as HTMLElement);
  if (current === -1) return;
  const step = event.key === "ArrowRight" ? 1 : -1;
  tabs[(current + step + tabs.length) % tabs.length]?.focus();
  event.preventDefault();
}
