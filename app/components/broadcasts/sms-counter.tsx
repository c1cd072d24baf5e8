import { countSms, describeSmsCount } from "#shared/content/sms-segments.ts";

/**
 * The SMS character and segment count under the message. It counts the text as
 * typed; personalisation changes the length per contact, which the preview shows.
 * Rendered on the server too, so without JavaScript it shows the count of what was
 * last previewed or saved.
 */
export function SmsCounter({ id, text }: { id: string; text: string }) {
  const count = countSms(text);
  return (
    <p id={id} className="text-xs text-muted-foreground" aria-live="polite" data-testid="sms-count">
      SMS: {describeSmsCount(count)}
      {count.segments > 0 ? `, ${count.remaining} left in this segment` : null}
    </p>
  );
}
