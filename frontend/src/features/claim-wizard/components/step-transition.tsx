import { Box } from "@chakra-ui/react";
import { LazyMotion, MotionConfig, m, type TargetAndTransition } from "framer-motion";
import { useRef, type ReactNode } from "react";

let featuresLoaded = false;

/** The animation code is not in /claim's first download: LazyMotion fetches it after the first render. */
function loadMotionFeatures() {
  return import("./motion-features.ts").then((module) => {
    featuresLoaded = true;
    return module.default;
  });
}

/** No entrance before the features arrive: an `m` element mounted earlier would stay in its `initial` style. */
function entranceFrom(from: TargetAndTransition): TargetAndTransition | false {
  return featuresLoaded ? from : false;
}

/** Framer Motion for the wizard: the small DOM feature set, and reduced motion when the system asks for it. */
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
