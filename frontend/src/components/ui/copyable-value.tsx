import { HStack, IconButton, Text } from "@chakra-ui/react";
import { Fragment, useEffect, useState } from "react";

const CONFIRMATION_MS = 2_000;

const CONFIRMATION = { copied: "Copied", failed: "Copy failed" };

/** A full address or hash in monospace, with a copy button whose confirmation is a polite status. */
export function CopyableValue({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | keyof typeof CONFIRMATION>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setState("copied"),
      () => setState("failed"),
    );

  return (
    <HStack as="span" gap="1" align="start" display="inline-flex" maxWidth="100%">
      <Text as="span" fontFamily="mono" overflowWrap="normal" minWidth="0">
        {/* A line may end between two groups of eight after the 0x: five in an address, eight in a hash. */}
        {(value.match(/^0x|.{1,8}/g) ?? []).map((group, index) => (
          <Fragment key={index}>
            {index > 0 && <wbr />}
            {group}
          </Fragment>
        ))}
      </Text>
      <IconButton size="2xs" variant="ghost" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        <svg
          viewBox="0 0 24 24"
          width="14"
          height="14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
        </svg>
      </IconButton>
      <Text as="span" role="status" fontSize="xs" color="fg.muted" whiteSpace="nowrap">
        {state === "idle" ? "" : CONFIRMATION[state]}
      </Text>
    </HStack>
  );
}

export function LabelledValue({ label, value }: { label: string; value: string }) {
  return (
    <Text fontSize="sm">
      {label}: <CopyableValue value={value} label={label.toLowerCase()} />
    </Text>
  );
}
