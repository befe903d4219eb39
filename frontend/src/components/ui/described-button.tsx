import { Button, Stack, Text, type ButtonProps } from "@chakra-ui/react";
import { useId, type ReactNode, type Ref } from "react";

/** A button with a line under it, its accessible description: what it is for, or why it is disabled. */
export function DescribedButton({
  description,
  ...button
}: ButtonProps & { description: ReactNode; ref?: Ref<HTMLButtonElement> }) {
  const descriptionId = useId();
  return (
    <Stack gap="1">
      <Button aria-describedby={description ? descriptionId : undefined} {...button} />
      {description && (
        <Text id={descriptionId} fontSize="sm" color="fg.muted">
          {description}
        </Text>
      )}
    </Stack>
  );
}
