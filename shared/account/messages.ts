/** What a spent, expired or unknown reset link says, on the page and in the form's answer. */
export const INVALID_RESET_LINK = "This reset link is invalid or has expired. Ask for a new one.";
