import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StepTransition, WizardMotion } from "./step-transition.tsx";

function wizardAt(step: number) {
  return (
    <WizardMotion>
      <StepTransition step={step}>
        <p>Step {step + 1}</p>
      </StepTransition>
    </WizardMotion>
  );
}

describe("StepTransition", () => {
  // One flow, in order: the animation features are fetched once per page, so only the first render precedes them.
  it("when the step changes before the animation features have arrived, then the new step shows at once, and later steps end fully shown", async () => {
    const { rerender } = render(wizardAt(0));
    expect(screen.getByText("Step 1")).toBeVisible();

    // The features' import has started but cannot have resolved: no promise has run since the first render.
    rerender(wizardAt(1));
    expect(screen.getByText("Step 2")).toBeVisible();

    rerender(wizardAt(2));
    await waitFor(() => expect(screen.getByText("Step 3")).toBeVisible());
  });
});
