import { Box } from "@chakra-ui/react";
import { LazyMotion, MotionConfig, m, type TargetAndTransition } from "framer-motion";
import { useRef, type ReactNode } from "react";

let featuresLoaded = false;

/**
 * The animation code is not in /claim's first download: step 1 shows without moving, so LazyMotion fetches it
 * after the first render, long before a visitor finishes step 1.
 */
function loadMotionFeatures() {
  return import("./motion-features.ts").then((module) => {
    featuresLoaded = true;
    return module.default;
  });
}

/**
 * Where an element enters from, or no entrance while the features are still on their way: an `m` element mounted
 * before they arrive keeps its `initial` style and never animates out of it (framer/motion#2601), so a step
 * changed that early simply appears.
 */
function entranceFrom(from: TargetAndTransition): TargetAndTransition | false {
  return featuresLoaded ? from : false;
}

/**
 * Framer Motion for the wizard only (it loads with the lazy /claim chunk): the
 * small DOM feature set, and reduced motion whenever the visitor's system asks
 * for it (transforms are dropped, fades stay).
 */
export function WizardMotion({ children }: { children: ReactNode }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadMotionFeatures} strict>
        {children}
      </LazyMotion>
    </MotionConfig>
  );
}

/** A new step rises into place, so the visitor sees the wizard move on; the step shown on arrival does not move. */
export function StepTransition({ step, children }: { step: number; children: ReactNode }) {
  const firstStep = useRef(step);
  return (
    <m.div
      key={step}
      initial={step === firstStep.current ? false : entranceFrom({ opacity: 0, y: 12 })}
      animate={{ opacity: 1, y: 0 }}
      transition={{ duration: 0.25, ease: "easeOut" }}
    >
      {children}
    </m.div>
  );
}

/** The success moment: the check mark pops in. */
export function SuccessMark() {
  return (
    <Box
      asChild
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
    >
      <m.div
        aria-hidden="true"
        initial={entranceFrom({ scale: 0.4, opacity: 0 })}
        animate={{ scale: 1, opacity: 1 }}
        transition={{ type: "spring", stiffness: 320, damping: 16 }}
      >
        ✓
      </m.div>
    </Box>
  );
}
