export function LoadingScreen() {
  return (
    <div className="screen" role="status" aria-live="polite">
      <span className="spinner" />
      <p className="muted">Loading…</p>
    </div>
  );
}
