import { HomeLinkButton } from "../../components/ui/message-screen.tsx";
import { PageLayout } from "../../components/ui/page-layout.tsx";

export function NotFoundPage() {
  return (
    <PageLayout>
      <div className="container container--small not-found">
        <div className="stack message">
          <h1 className="page-title">404 Page Not Found</h1>
          <p className="muted">Did you forget to add the page to the router?</p>
          <HomeLinkButton variant="solid" />
        </div>
      </div>
    </PageLayout>
  );
}
