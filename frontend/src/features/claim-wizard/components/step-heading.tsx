import { Heading } from "@chakra-ui/react";
import type { ReactNode, Ref } from "react";

/** Each step's heading; focusable from script so a step change can move focus to it. */
export function StepHeading({ children, ref }: { children: ReactNode; ref?: Ref<HTMLHeadingElement> }) {
  return (
    <Heading
      as="h2"
      size="md"
      tabIndex={-1}
      ref={ref}
      _focusVisible={{ outline: "2px solid", outlineColor: "colorPalette.focusRing" }}
    >
      {children}
    </Heading>
  );
}
