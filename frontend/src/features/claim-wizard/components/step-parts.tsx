/** The pieces every step is built of. */
import { Box, Heading, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { useId, useRef, type ReactNode, type Ref } from "react";

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

/** A titled part of a step, named as a group by its title, so each Google button is heard under what it is for. */
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

/** A percentage progress bar with its label; the bar itself is the accessible progressbar. */
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

/** A new step rises into place; the step shown on arrival does not move. */
export function StepTransition({ step, children }: { step: number; children: ReactNode }) {
  const firstStep = useRef(step);
  const entrance = { animation: "fade-in 0.25s ease-out, slide-from-bottom 0.25s ease-out" };
  return (
    <Box
      key={step}
      css={{ "--slide-from-bottom-distance": "12px" }}
      _motionSafe={step === firstStep.current ? {} : entrance}
    >
      {children}
    </Box>
  );
}

/** The success moment: the check mark pops in. */
export function SuccessMark() {
  return (
    <Box
      aria-hidden="true"
      alignSelf="center"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="14"
      rounded="full"
      bg="green.600"
      color="white"
      fontSize="2xl"
      fontWeight="bold"
      _motionSafe={{ animation: "pop 0.45s cubic-bezier(0.34, 1.56, 0.64, 1)" }}
    >
      ✓
    </Box>
  );
}
