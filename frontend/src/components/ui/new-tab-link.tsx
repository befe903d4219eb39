import type { AnchorHTMLAttributes } from "react";

type NewTabLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & { href: string };

/** A link to a new tab (no opener), saying so to eye and screen reader; no Chakra, for the static pages too. */
export function NewTabLink({ children, ...rest }: NewTabLinkProps) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <svg
        className="new-tab-icon"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
      </svg>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
