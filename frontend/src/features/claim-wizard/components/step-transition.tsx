import { Box } from "@chakra-ui/react";
import { LazyMotion, MotionConfig, domAnimation, m } from "framer-motion";
import { useRef, type ReactNode } from "react";

/**
 * Framer Motion for the wizard only (it loads with the lazy /claim chunk): the
 * small DOM feature set, and reduced motion whenever the visitor's system asks
 * for it (transforms are dropped, fades stay).
 */
export function WizardMotion({ children }: { children: ReactNode }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={domAnimation} strict>
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
      initial={step === firstStep.current ? false : { opacity: 0, y: 12 }}
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
        initial={{ scale: 0.4, opacity: 0 }}
        animate={{ scale: 1, opacity: 1 }}
        transition={{ type: "spring", stiffness: 320, damping: 16 }}
      >
        ✓
      </m.div>
    </Box>
  );
}
