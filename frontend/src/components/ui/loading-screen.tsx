/** A centred spinner that screen readers announce as "Loading…". */
export function LoadingScreen() {
  return (
    <div className="screen" role="status" aria-live="polite">
      <span className="spinner" />
      <p className="muted">Loading…</p>
    </div>
  );
}
