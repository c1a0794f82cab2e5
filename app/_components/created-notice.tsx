/** The banner on an editor page right after the item was created from the UI. */
export function CreatedNotice({ what, next }: { what: string; next: string }) {
  return (
    <div className="alert alert-success" role="status">
      {what} created. {next}
    </div>
  );
}
