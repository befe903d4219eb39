import type { ReactNode } from "react";
import { Link } from "react-router";
import { Footer } from "./footer.tsx";

/** Every screen's header, main landmark and footer; plain markup styled by styles/site.css (ADR 12). */
export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <header className="page-header">
        <div className="container">
          <Link to="/" className="link brand">
            <span aria-hidden="true" className="brand-mark">
              ▶
            </span>
            TuBE Rewards
          </Link>
        </div>
      </header>
      <main id="main-content" className="page-main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
