import { Text } from "@chakra-ui/react";
import { CopyableValue } from "./copyable-value.tsx";

/** "Label: value" for an address or hash, with the value's copy button. */
export function LabelledValue({ label, value }: { label: string; value: string }) {
  return (
    <Text fontSize="sm">
      {label}: <CopyableValue value={value} label={label.toLowerCase()} />
    </Text>
  );
}
