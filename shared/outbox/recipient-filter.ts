/**
 * The longest recipient the outbox list is filtered by, in characters: past any email
 * address (254) or phone number, so a longer one matches nothing and is not looked up.
 */
export const OUTBOX_RECIPIENT_MAX_LENGTH = 320;
