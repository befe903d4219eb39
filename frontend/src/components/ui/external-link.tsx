import { Link, type LinkProps } from "@chakra-ui/react";
import { NewTabLink } from "./new-tab-link.tsx";

type ExternalLinkProps = Omit<LinkProps, "href" | "target" | "rel"> & { href: string };

/** `NewTabLink` styled as a Chakra link; inside `<Button asChild>` pass `unstyled`. */
export function ExternalLink({ href, children, ...rest }: ExternalLinkProps) {
  return (
    <Link asChild {...rest}>
      <NewTabLink href={href}>{children}</NewTabLink>
    </Link>
  );
}
