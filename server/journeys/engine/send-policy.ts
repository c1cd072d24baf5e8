/**
 * The one place a journey's message is checked against the team's frequency caps
 * and quiet hours before it enters the ledger: the same decision broadcasts take
 * (server/frequency/decide.ts), with the step's choice of what a held-back message
 * does (`overCap`: wait for the next allowed time, or skip). The runtime asks it
 * once for all the messages of a send step in a batch (one read of the team's
 * settings, one of the ledger), inside the transaction that moves the runs.
 */
export { decideSends, type SendDecision } from "#server/frequency/decide.ts";
