import { Flex, Steps } from "@chakra-ui/react";
import { STEP_LABELS, type WizardStep } from "../wizard-state.ts";

/**
 * Subscribe · Connect · Mint · Done. The steps are not clickable, so they form
 * a plain ordered list (Steps.List would be a tablist, which needs tabs), with
 * the current item marked aria-current="step". The explicit role="list" keeps
 * Safari announcing it as a list despite list-style: none.
 */
export function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <Steps.Root step={step} count={STEP_LABELS.length} size="sm" colorPalette="red">
      <Flex as="ol" role="list" listStyleType="none" justify="space-between" align="center" aria-label="Claim progress">
        {STEP_LABELS.map((label, index) => (
          <Steps.Item key={label} index={index} as="li" aria-label={stepItemLabel(label, index, step)}>
            <Steps.Indicator aria-hidden="true" />
            <Steps.Title aria-hidden="true" display={{ base: index === step ? "block" : "none", sm: "block" }}>
              {label}
            </Steps.Title>
            <Steps.Separator />
          </Steps.Item>
        ))}
      </Flex>
    </Steps.Root>
  );
}

function stepItemLabel(label: string, index: number, current: number): string {
  const state = index < current ? "completed" : index === current ? "current" : "not started";
  return `Step ${index + 1} of ${STEP_LABELS.length}: ${label}, ${state}`;
}
