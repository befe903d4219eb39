import { Button, Stack, Text, type ButtonProps } from "@chakra-ui/react";
import { useId, type ReactNode } from "react";

/** A button with the line under it that says what it is for, which is also its accessible description. */
export function DescribedButton({ description, ...button }: ButtonProps & { description: ReactNode }) {
  const descriptionId = useId();
  return (
    <Stack gap="1">
      <Button aria-describedby={descriptionId} {...button} />
      <Text id={descriptionId} fontSize="sm" color="fg.muted">
        {description}
      </Text>
    </Stack>
  );
}
