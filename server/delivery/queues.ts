/** The send pipeline's job queues. */
export const CAMPAIGN_START_QUEUE = "campaign-start";
export const SEND_CHUNK_QUEUE = "send-chunk";

/** `traceId` is the send's trace id, absent from jobs queued before trace ids existed. */
export type CampaignStartJob = { campaignId: string; traceId?: string };
