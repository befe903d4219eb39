import type { AnchorHTMLAttributes } from "react";

export interface NewTabLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> {
  href: string;
}

/**
 * A plain link that opens in a new tab without giving the new page access to ours, and tells
 * screen-reader users that it does. Needs no Chakra, so the static pages use it as is.
 */
export function NewTabLink({ children, ...rest }: NewTabLinkProps) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
