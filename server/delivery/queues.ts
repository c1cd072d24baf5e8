/** The send pipeline's job queues. */
export const CAMPAIGN_START_QUEUE = "campaign-start";
export const SEND_CHUNK_QUEUE = "send-chunk";

export type CampaignStartJob = { campaignId: string };
