import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { LineChart } from "#app/components/analytics/line-chart.tsx";

const SERIES = [
  { key: "e0", label: `<img src=x onerror="alert(1)"> & Co`, color: "#6366f1" },
  { key: "p0", label: "People", color: "#22c55e" },
];

function render(rows: { date: string; e0: number; p0: number }[], title = "Events per day") {
  return renderToStaticMarkup(createElement(LineChart, { title, xKey: "date", timeZone: "UTC", rows, series: SERIES }));
}

/** The table's rows as a reader sees them: the cells' text, tags and entities undone. */
function tableRows(html: string) {
  const body = html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>"));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]),
  );
}

describe("a line chart written as kept markup", () => {
  test("shows every point's numbers in its table, under the labels of the axis", () => {
    const html = render([
      { date: "2026-11-22", e0: 1200, p0: 3 },
      { date: "2026-11-23", e0: 0, p0: 0 },
      { date: "2026-11-24", e0: 45, p0: 7 },
    ]);
    expect(tableRows(html)).toEqual([
      ["Nov 22", "1,200", "3"],
      ["Nov 23", "0", "0"],
      ["Nov 24", "45", "7"],
    ]);
    expect(html).toContain('<caption class="sr-only">Events per day</caption>');
    expect(html).toContain('role="img" aria-label="Events per day"');
    // One path per series, the x labels under the axis.
    expect(html.match(/<path /g)).toHaveLength(2);
    expect(html).toMatch(/<text [^>]*text-anchor="middle"[^>]*>Nov 22<\/text>/);
  });

  test("writes a team's event name as text, never as markup", () => {
    const html = render([{ date: "2026-11-24", e0: 1, p0: 1 }]);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co</th>");
  });

  test("new figures are drawn anew, and the same figures under another title get their own caption", () => {
    const rows = [{ date: "2026-11-24", e0: 5, p0: 2 }];
    expect(tableRows(render(rows))).toEqual([["Nov 24", "5", "2"]]);
    expect(render(rows, "Unique people per day")).toContain('<caption class="sr-only">Unique people per day</caption>');
    expect(tableRows(render([{ date: "2026-11-24", e0: 9, p0: 4 }]))).toEqual([["Nov 24", "9", "4"]]);
  });
});
