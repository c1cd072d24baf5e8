/**
 * The one place a journey's message is checked against the team's frequency caps
 * and quiet hours before it enters the ledger: the same decision broadcasts take
 * (server/frequency/decide.ts), with the step's choice of what a held-back message
 * does (`overCap`: wait for the next allowed time, or skip). The runtime calls it
 * once per message, inside the transaction that moves the run.
 */
export { decideSend, type SendDecision } from "#server/frequency/decide.ts";
