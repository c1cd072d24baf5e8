import type { ConversionGoal } from "#shared/campaigns/conversion-goal.ts";
import { PLAN_UPGRADED } from "./demo-product.ts";

/** A sent demo campaign: who got it (a share of the contacts with an address), and how they answered. */
export type SentDemoCampaign = {
  key: string;
  name: string;
  type: "EMAIL" | "SMS";
  subject: string | null;
  content: string;
  sentDaysAgo: number;
  /** Linked segment (shown as its audience); recipients are that segment's kind of people. */
  segment: "paying" | null;
  share: number;
  openRate: number;
  clickRate: number;
  goal: ConversionGoal | null;
};

const UPGRADE_GOAL: ConversionGoal = { event: PLAN_UPGRADED, properties: [], withinDays: 7, revenueProperty: "amount" };

export const SENT_CAMPAIGNS: SentDemoCampaign[] = [
  {
    key: "welcome",
    name: "Welcome to Larkspur",
    type: "EMAIL",
    subject: "Welcome to Larkspur",
    content: "# Welcome aboard\n\nCreate your first project and invite a teammate: it takes two minutes.",
    sentDaysAgo: 76,
    segment: null,
    share: 0.55,
    openRate: 0.52,
    clickRate: 0.18,
    goal: null,
  },
  {
    key: "tour",
    name: "Spring feature tour",
    type: "EMAIL",
    subject: "Five things you can do with timelines",
    content: "# Spring feature tour\n\nTimelines, recurring tasks and exports to PDF are here.",
    sentDaysAgo: 44,
    segment: null,
    share: 0.8,
    openRate: 0.41,
    clickRate: 0.09,
    goal: null,
  },
  {
    key: "upgrade",
    name: "Upgrade to Pro: 20% off",
    type: "EMAIL",
    subject: "20% off Pro, this week only",
    content: "# Go Pro\n\nUnlimited projects and reports, 20% off until Sunday.",
    sentDaysAgo: 19,
    segment: null,
    share: 0.7,
    openRate: 0.38,
    clickRate: 0.11,
    goal: UPGRADE_GOAL,
  },
  {
    key: "team-tips",
    name: "Tips for paying teams",
    type: "EMAIL",
    subject: "Get more out of your Larkspur plan",
    content: "# Tips for your team\n\nShare reports with clients and set up recurring tasks.",
    sentDaysAgo: 6,
    segment: "paying",
    share: 1,
    openRate: 0.47,
    clickRate: 0.15,
    goal: null,
  },
  {
    key: "sms-reminder",
    name: "Last day of the Pro offer",
    type: "SMS",
    subject: null,
    content: "Larkspur: last day for 20% off Pro. Reply STOP to opt out.",
    sentDaysAgo: 13,
    segment: null,
    share: 0.5,
    openRate: 0,
    clickRate: 0.07,
    goal: UPGRADE_GOAL,
  },
];

/** Campaigns not sent yet, so the Broadcasts page shows every state. */
export const UNSENT_CAMPAIGNS = [
  {
    name: "Product update: timelines",
    state: "DRAFT",
    subject: "Timelines are here",
    content: "# Timelines\n\nSee every project on one page.",
    scheduledInDays: null,
  },
  {
    name: "Webinar invitation",
    state: "SCHEDULED",
    subject: "Join our planning webinar",
    content: "# Plan your quarter with us\n\nA 30-minute live session.",
    scheduledInDays: 3,
  },
] as const;
