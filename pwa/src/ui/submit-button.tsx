/** A form's full-width main button saying `label`: disabled while its call is `pending`, and saying `busy` meanwhile. */
export function SubmitButton({ pending, busy, label }: { pending: boolean; busy: string; label: string }) {
  return (
    <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
      {pending ? busy : label}
    </button>
  );
}
