/** The messages under a form field, linked to it by id for screen readers. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className="text-sm text-destructive">
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
