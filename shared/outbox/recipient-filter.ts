/**
 * The longest recipient the outbox is filtered by, in characters (the page's Recipient
 * and the API's `to`): past any email address (254) or phone number.
 */
export const OUTBOX_RECIPIENT_MAX_LENGTH = 320;
