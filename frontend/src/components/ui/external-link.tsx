import { Link, VisuallyHidden, type LinkProps } from "@chakra-ui/react";

export interface ExternalLinkProps extends Omit<LinkProps, "href" | "target" | "rel"> {
  href: string;
}

/**
 * A link that opens in a new tab without giving the new page access to ours,
 * and tells screen-reader users that it does. Inside `<Button asChild>` pass `unstyled`.
 */
export function ExternalLink({ href, children, ...rest }: ExternalLinkProps) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Link>
  );
}
