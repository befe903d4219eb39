import { HStack, Progress, Text } from "@chakra-ui/react";

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
