export default function EditorNotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p>There is nothing to edit here, or it belongs to another account.</p>
      <p>
        <a href="/settings">Back to your settings</a>
      </p>
    </>
  );
}
