/** A render error (a chunk gone after a deploy too) gets a way out, not a blank page. */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import { HomeLinkButton, MessageScreen } from "../components/ui/message-screen.tsx";

type BoundaryState = { error: unknown };

class ErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error("Unknown render error") };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("A page failed to render", error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}

/** Keyed by the path, so 'Go to Home' renders the new page afresh. */
export function RouteErrorBoundary({ children, reloadPage = () => window.location.reload() }: BoundaryProps) {
  const { pathname } = useLocation();
  const fallback = (
    <MessageScreen
      title="Something went wrong"
      text="This page could not be shown. Reloading usually helps; your claim is safe either way."
      actions={
        <>
          <button type="button" className="button button--red" onClick={reloadPage}>
            Reload page
          </button>
          <HomeLinkButton variant="outline" />
        </>
      }
    />
  );
  return (
    <ErrorBoundary key={pathname} fallback={fallback}>
      {children}
    </ErrorBoundary>
  );
}

type BoundaryProps = { children: ReactNode; reloadPage?: () => void };
