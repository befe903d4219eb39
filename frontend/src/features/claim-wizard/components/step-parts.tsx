import { Heading, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { useId, type ReactNode, type Ref } from "react";

/** Focusable from script, so a step change can move focus to it. */
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

/** A part of a step, a group named by its title, so each Google button is heard under what it is for. */
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

/** A progress bar with its label; the bar itself is the accessible progressbar. */
export function LabelledProgress({ label, value }: { label: string; value: number }) {
  return (
    <Progress.Root value={value} max={100} colorPalette="red" size="sm">
      <HStack justify="space-between" marginBottom="1">
        <Text fontSize="sm">{label}</Text>
        <Progress.ValueText fontSize="sm" />
      </HStack>
      <Progress.Track aria-label={label} aria-valuetext={`${value}%`}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
