import type { ReactNode } from "react";
import { Link } from "react-router";

/** A page-filling message with buttons; plain markup, so it shows with no chunk. */
export function MessageScreen({ title, text, actions }: { title: string; text: ReactNode; actions: ReactNode }) {
  return (
    <main className="screen">
      <div role="alert" className="stack message">
        <h1 className="screen-title">{title}</h1>
        <p className="muted">{text}</p>
        <div className="actions">{actions}</div>
      </div>
    </main>
  );
}

/** 'Go to Home', a link drawn as a button: the way out of a missing or failed page. */
export function HomeLinkButton({ variant }: { variant: "solid" | "outline" }) {
  return (
    <Link to="/" className={`button ${variant === "solid" ? "button--red" : "button--outline"}`}>
      Go to Home
    </Link>
  );
}
