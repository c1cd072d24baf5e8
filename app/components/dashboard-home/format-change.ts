/** A change figure as the server computed it (see server/dashboard/stats.ts). */
export type Change =
  | { kind: "percent"; value: number }
  | { kind: "new"; count: number }
  | { kind: "points"; value: number }
  | { kind: "none" };

export type ChangeText = { text: string; trend: "up" | "down" | "flat" };

function signed(value: number): string {
  return `${value > 0 ? "+" : value < 0 ? "-" : "+"}${Math.abs(value).toFixed(1)}`;
}

function trendOf(value: number): ChangeText["trend"] {
  return value > 0 ? "up" : value < 0 ? "down" : "flat";
}

/** The line under a stat card's figure: "+12.5% from last month", "+3 new this month". */
export function formatChange(change: Change): ChangeText {
  switch (change.kind) {
    case "percent":
      return { text: `${signed(change.value)}% from last month`, trend: trendOf(change.value) };
    case "points":
      return { text: `${signed(change.value)} pts from last month`, trend: trendOf(change.value) };
    case "new":
      return { text: `+${change.count} new this month`, trend: change.count > 0 ? "up" : "flat" };
    case "none":
      return { text: "Nothing sent in the last 60 days", trend: "flat" };
  }
}
