import { Heading, Stack } from "@chakra-ui/react";
import { useId, type ReactNode } from "react";

/**
 * A titled part of a step, boxed and named as a group by its title: the Subscribe step has a Google button in its
 * subscription part and another in its wallet part, and each must be seen and heard under what it is for.
 */
export function StepSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack
      role="group"
      aria-labelledby={titleId}
      gap="3"
      borderWidth="1px"
      borderColor="border.emphasized"
      rounded="lg"
      padding={{ base: "3", sm: "4" }}
    >
      <Heading as="h3" size="sm" id={titleId}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
