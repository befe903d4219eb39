import { Flex, Text } from "@chakra-ui/react";
import { STEP_LABELS, type WizardStep } from "../wizard-state.ts";

/** An ordered list (role="list" for Safari); labels sit under the circles so all four fit a 360 px phone. */
export function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <Flex as="ol" role="list" listStyleType="none" aria-label="Claim progress">
      {STEP_LABELS.map((label, index) => {
        const state = index < step ? "completed" : index === step ? "current" : "not started";
        const reached = state !== "not started";
        return (
          <Flex
            as="li"
            key={label}
            flex="1"
            direction="column"
            align="center"
            gap="1"
            position="relative"
            aria-label={`Step ${index + 1} of ${STEP_LABELS.length}: ${label}, ${state}`}
            aria-current={state === "current" ? "step" : undefined}
            // The line from the previous step's circle to this one.
            _before={
              index === 0
                ? undefined
                : {
                    content: '""',
                    position: "absolute",
                    top: "13px",
                    right: "50%",
                    width: "100%",
                    height: "2px",
                    bg: reached ? "red.600" : "gray.200",
                  }
            }
          >
            <Flex
              aria-hidden="true"
              position="relative"
              zIndex="1"
              boxSize="7"
              align="center"
              justify="center"
              rounded="full"
              fontSize="sm"
              fontWeight="semibold"
              borderWidth="2px"
              borderColor={reached ? "red.600" : "gray.300"}
              bg={state === "completed" ? "red.600" : "white"}
              color={state === "completed" ? "white" : state === "current" ? "red.700" : "gray.600"}
            >
              {state === "completed" ? "✓" : index + 1}
            </Flex>
            <Text
              aria-hidden="true"
              fontSize="xs"
              fontWeight={state === "current" ? "semibold" : "normal"}
              color={reached ? "gray.900" : "gray.600"}
            >
              {label}
            </Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
