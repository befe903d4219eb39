import { Steps } from "@chakra-ui/react";
import { STEP_LABELS, type WizardStep } from "../wizard-state.ts";

/**
 * Subscribe · Connect · Mint · Done. The steps are not clickable, so the list is
 * exposed as an ordered list (not Zag's tablist, which would need tabs) with
 * the current item marked aria-current="step".
 */
export function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <Steps.Root step={step} count={STEP_LABELS.length} size="sm" colorPalette="red">
      <Steps.List as="ol" role="list" aria-label="Claim progress" aria-owns={undefined}>
        {STEP_LABELS.map((label, index) => (
          <Steps.Item key={label} index={index} as="li" role="listitem" aria-label={stepItemLabel(label, index, step)}>
            <Steps.Indicator aria-hidden="true" />
            <Steps.Title aria-hidden="true" display={{ base: index === step ? "block" : "none", sm: "block" }}>
              {label}
            </Steps.Title>
            <Steps.Separator />
          </Steps.Item>
        ))}
      </Steps.List>
    </Steps.Root>
  );
}

function stepItemLabel(label: string, index: number, current: number): string {
  const state = index < current ? "completed" : index === current ? "current" : "not started";
  return `Step ${index + 1} of ${STEP_LABELS.length}: ${label}, ${state}`;
}
