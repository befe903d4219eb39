import { Text } from "@chakra-ui/react";

/** "Label: value" for an address or hash: monospaced, and free to wrap anywhere on a narrow phone. */
export function LabelledValue({ label, value }: { label: string; value: string }) {
  return (
    <Text fontSize="sm">
      {label}:{" "}
      <Text as="span" fontFamily="mono" wordBreak="break-all">
        {value}
      </Text>
    </Text>
  );
}
