/**
 * What the Analytics page and API count, summed over rollup hours. Unique figures
 * (opened, clicked, botOpened, unsubscribed) count deliveries, each in the hour its
 * first such engagement happened; opens, clicks, botOpens and botClicks count hits.
 * Machines' opens and clicks stay apart and out of every rate (decision 013).
 */
export type Figures = {
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  bounced: number;
  failed: number;
  opens: number;
  clicks: number;
  botOpened: number;
  botOpens: number;
  botClicks: number;
};

export const FIGURE_NAMES = [
  "sent",
  "delivered",
  "opened",
  "clicked",
  "unsubscribed",
  "bounced",
  "failed",
  "opens",
  "clicks",
  "botOpened",
  "botOpens",
  "botClicks",
] as const;

export function noFigures(): Figures {
  return {
    sent: 0,
    delivered: 0,
    opened: 0,
    clicked: 0,
    unsubscribed: 0,
    bounced: 0,
    failed: 0,
    opens: 0,
    clicks: 0,
    botOpened: 0,
    botOpens: 0,
    botClicks: 0,
  };
}

/** Adds `more` into `into`, figure by figure; returns `into`. */
export function addFigures(into: Figures, more: Figures): Figures {
  for (const name of FIGURE_NAMES) into[name] += more[name];
  return into;
}

/** The spec's rate: part / whole × 100 to one decimal, 0 when the whole is nothing. */
export function rateOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

export type Rates = { openRate: number; clickRate: number; clickToOpenRate: number };

/** Open and click rates over sent, click-to-open over people who opened. */
export function ratesOf(figures: Figures): Rates {
  return {
    openRate: rateOf(figures.opened, figures.sent),
    clickRate: rateOf(figures.clicked, figures.sent),
    clickToOpenRate: rateOf(figures.clicked, figures.opened),
  };
}

export type FiguresWithRates = Figures & Rates;

export function withRates(figures: Figures): FiguresWithRates {
  return { ...figures, ...ratesOf(figures) };
}
